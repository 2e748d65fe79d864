import { defineCall } from '@ottkit/api-client/contract';
import { z } from 'zod';
import { notify } from '../domain/notices.ts';
import { verifyScopedToken } from '../domain/tokens.ts';
import { getAccount, listSubscriptions, putSubscription } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { getPlan } from '../store/plans.ts';
import { HttpError, route } from './route.ts';

/**
 * A sandbox member site (spec §1, §6 "buying a plan through an external member website"): the site's
 * member-site links land on `/member` (a page of the site), which calls these two server-only endpoints with
 * the memberSiteToken of the link. No money moves; a purchase credits the plan's product like a real
 * payment provider's callback would. Not part of the public contract: a real member site is the operator's own.
 */
export const MemberSiteErrCode = {
  /** The link's memberSiteToken is missing, forged, expired or belongs to an ended session. */
  TOKEN_INVALID: 10114001,
  PLAN_NOT_FOUND: 10114002,
} as const;

const DAY = 24 * 60 * 60 * 1000;
const token = z.string().min(16).max(1024);

export const memberSiteAccount = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/member-site/sandbox/account/v1',
  access: 'public',
  summary: 'Sandbox member site: who the memberSiteToken belongs to, and their subscriptions.',
  request: z.object({ memberSiteToken: token }).strict(),
  response: z.object({
    accountId: z.string(),
    accountName: z.string(),
    subscriptionList: z.array(z.object({ productId: z.string(), expiredTs: z.number().int() })),
  }),
});

export const memberSitePurchase = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/member-site/sandbox/purchase/v1',
  access: 'public',
  summary: "Sandbox member site: buys a plan for the token's account and credits its product.",
  request: z.object({ memberSiteToken: token, planId: z.string().min(1).max(64) }).strict(),
  response: z.object({ planId: z.string(), productId: z.string(), expiredTs: z.number().int() }),
});

/** The account a member-site token speaks for; its session must still be live (logout ends the link too). */
export function memberSiteAccountId(db: Db, secret: string, memberSiteToken: string, now: number): string {
  const payload = verifyScopedToken(secret, memberSiteToken, 'member-site', now);
  const live =
    payload &&
    db.get(
      'SELECT 1 AS x FROM sessions WHERE session_id = ? AND account_id = ? AND revoked_at IS NULL AND expires_at > ?',
      payload.sid,
      payload.sub,
      now,
    );
  if (!payload || !live) {
    throw new HttpError(MemberSiteErrCode.TOKEN_INVALID, 'This member-site link has expired; open it again');
  }
  return payload.sub;
}

/** Credits a purchased plan: its product runs durationDays past the later of now and its current expiry. */
export function creditPurchase(db: Db, accountId: string, planId: string, now: number) {
  const plan = getPlan(db, planId);
  if (!plan) throw new HttpError(MemberSiteErrCode.PLAN_NOT_FOUND, 'No such plan');
  return db.transaction(() => {
    const current =
      listSubscriptions(db, accountId).find((s) => s.product_id === plan.productId)?.expired_ts ?? 0;
    const expiredTs = Math.max(now, Number(current)) + plan.durationDays * DAY;
    putSubscription(db, accountId, plan.productId, expiredTs);
    db.run('UPDATE accounts SET member_site_purchase = 1 WHERE account_id = ?', accountId);
    const name = plan.planLang.find((l) => l.lang === 'en')?.planName ?? plan.planId;
    notify(
      db,
      accountId,
      'Purchase complete',
      `${name}: active until ${new Date(expiredTs).toISOString().slice(0, 10)}`,
      now,
    );
    return { planId: plan.planId, productId: plan.productId, expiredTs };
  });
}

export const memberSiteRoutes = [
  route(memberSiteAccount, (ctx, req) => {
    const accountId = memberSiteAccountId(ctx.db, ctx.config.secret, req.memberSiteToken, ctx.now());
    const account = getAccount(ctx.db, accountId);
    return {
      accountId,
      accountName: account?.account_name ?? '',
      subscriptionList: listSubscriptions(ctx.db, accountId).map((s) => ({
        productId: s.product_id,
        expiredTs: Number(s.expired_ts),
      })),
    };
  }),
  route(memberSitePurchase, (ctx, req) => {
    const now = ctx.now();
    const accountId = memberSiteAccountId(ctx.db, ctx.config.secret, req.memberSiteToken, now);
    return creditPurchase(ctx.db, accountId, req.planId, now);
  }),
];
