import {
  MemberSiteErrCode,
  memberSiteSandboxAccount,
  memberSiteSandboxPurchase,
} from '@ottkit/api-client/contract';
import { randomToken, verifyScopedToken } from '../domain/tokens.ts';
import { accountNow } from '../store/accounts.ts';
import { subscriptionsOf } from '../store/subscriptions.ts';
import type { Db } from '../store/db.ts';
import {
  acceptGrant,
  grantSecret,
  memberSiteGrantRoutes,
  notHere,
  signMemberSiteGrant,
} from './memberSiteGrant.ts';
import { HttpError, type RequestContext, route } from './route.ts';

export { MemberSiteErrCode } from '@ottkit/api-client/contract';

// The sandbox member site (spec §1, §6) for testing only: its two calls are the contract's sandbox-tagged
// descriptors (api-client contract/memberSite.ts); they exist when the operator turns the sandbox on
// (OTTKIT_MEMBER_SITE_SANDBOX=on, never in production; decision 0160) and answer like an unknown path otherwise.
export const memberSiteAccount = memberSiteSandboxAccount;
export const memberSitePurchase = memberSiteSandboxPurchase;

/**
 * The account a member-site token speaks for; its session must still be live (logout ends the link too). Asked on
 * the asynchronous store (decision 0447).
 */
export async function memberSiteAccountId(
  db: Db,
  secret: string,
  memberSiteToken: string,
  now: number,
): Promise<string> {
  const payload = verifyScopedToken(secret, memberSiteToken, 'member-site', now);
  const live =
    payload &&
    (await db.kysely
      .selectFrom('sessions')
      .select('session_id')
      .where('session_id', '=', payload.sid)
      .where('account_id', '=', payload.sub)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst());
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
  route(memberSiteAccount, async (ctx, req) => {
    sandboxSecret(ctx, memberSiteAccount.path);
    const accountId = await memberSiteAccountId(ctx.db, ctx.config.secret, req.memberSiteToken, ctx.now());
    const account = await accountNow(ctx.db, accountId);
    return {
      accountId,
      accountName: account?.account_name ?? '',
      subscriptionList: (await subscriptionsOf(ctx.db, accountId)).map((s) => ({
        productId: s.product_id,
        expiredTs: Number(s.expired_ts),
      })),
    };
  }),
  route(memberSitePurchase, async (ctx, req) => {
    const secret = sandboxSecret(ctx, memberSitePurchase.path);
    const now = ctx.now();
    // The token names the buyer: a purchase only ever credits the account the link was issued to.
    const accountId = await memberSiteAccountId(ctx.db, ctx.config.secret, req.memberSiteToken, now);
    const grant = { accountId, planId: req.planId, grantId: randomToken(16), issuedAt: now };
    return acceptGrant(ctx.db, secret, grant, signMemberSiteGrant(secret, grant), now);
  }),
  ...memberSiteGrantRoutes,
];
