import { defineCall } from '@ottkit/api-client/contract';
import { z } from 'zod';
import { randomToken, verifyScopedToken } from '../domain/tokens.ts';
import { getAccount, listSubscriptions } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import {
  acceptGrant,
  grantSecret,
  MemberSiteErrCode,
  memberSiteGrantRoutes,
  notHere,
  signMemberSiteGrant,
} from './memberSiteGrant.ts';
import { HttpError, type RequestContext, route } from './route.ts';

export { creditPurchase, MemberSiteErrCode } from './memberSiteGrant.ts';

/**
 * A sandbox member site (spec §1, §6 "buying a plan through an external member website") for testing only:
 * it exists when the operator turns it on (OTTKIT_MEMBER_SITE_SANDBOX=on, never in production; decision
 * 0160). The site's member-site links land on `/member`, which calls these two endpoints with the link's
 * memberSiteToken. No money moves: a purchase signs a grant like a real member site would and hands it to
 * the same check a real one goes through. Not part of the public contract.
 */
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

/** The sandbox's signing key when it is on; otherwise the endpoint answers as if it did not exist. */
function sandboxSecret(ctx: RequestContext, path: string): string {
  const secret = ctx.config.memberSiteSandbox && !ctx.config.production ? grantSecret(ctx.config) : undefined;
  if (!secret) throw notHere(path);
  return secret;
}

export const memberSiteRoutes = [
  route(memberSiteAccount, (ctx, req) => {
    sandboxSecret(ctx, memberSiteAccount.path);
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
    const secret = sandboxSecret(ctx, memberSitePurchase.path);
    const now = ctx.now();
    // The token names the buyer: a purchase only ever credits the account the link was issued to.
    const accountId = memberSiteAccountId(ctx.db, ctx.config.secret, req.memberSiteToken, now);
    const grant = { accountId, planId: req.planId, grantId: randomToken(16), issuedAt: now };
    return acceptGrant(ctx.db, secret, grant, signMemberSiteGrant(secret, grant), now);
  }),
  ...memberSiteGrantRoutes,
];
