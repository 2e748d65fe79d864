import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import { MemberSiteErrCode, memberSiteGrant } from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import { notify } from '../domain/notices.ts';
import { accountNow } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import { planNow } from '../store/plans.ts';
import { extendSubscription } from '../store/subscriptions.ts';
import { HttpError, route } from './route.ts';

/** A grant older (or further in the future) than this is refused: a captured one cannot be used later. */
export const GRANT_MAX_AGE_MS = 5 * 60 * 1000;

/** What the operator's member site tells us once a payment went through. */
export interface MemberSiteGrant {
  accountId: string;
  planId: string;
  /** Unique per grant (the payment's id): each is credited once. */
  grantId: string;
  /** When the member site signed it, epoch ms. */
  issuedAt: number;
}

/**
 * The grant's signature: hex HMAC-SHA256 over `ottkit.member-site-grant.v1`, accountId, planId, grantId and
 * issuedAt, one per line, keyed with the secret the operator shares with the member site.
 */
export function signMemberSiteGrant(secret: string, g: MemberSiteGrant): string {
  return createHmac('sha256', secret)
    .update(['ottkit.member-site-grant.v1', g.accountId, g.planId, g.grantId, String(g.issuedAt)].join('\n'))
    .digest('hex');
}

/**
 * The key grants are checked with: the operator's member-site secret, or, with the sandbox turned on, one
 * derived from the server secret that only the in-process sandbox knows. Undefined: no member site, no grants.
 */
export function grantSecret(config: ServerConfig): string | undefined {
  if (config.memberSiteSecret) return config.memberSiteSecret;
  if (config.memberSiteSandbox && !config.production) {
    return createHmac('sha256', config.secret).update('ottkit.member-site-sandbox').digest('hex');
  }
  return undefined;
}

/** Answers exactly like a path nobody registered: a member-site endpoint that is off does not exist. */
export function notHere(path: string): HttpError {
  return new HttpError(ErrCode.NOT_FOUND, `No API call at ${path}`, 404);
}

/**
 * The only way a plan is granted from outside: a grant signed with the member-site secret, fresh, for an
 * existing user account, never seen before. Recording the grant id, running the plan's product durationDays
 * past the later of now and its current expiry, and marking the account are one transaction on the
 * asynchronous store (decision 0408): the grant id's unique key makes a second delivery of the same grant, on
 * any process, "already used".
 */
export async function acceptGrant(
  db: Db,
  secret: string,
  grant: MemberSiteGrant,
  signature: string,
  now: number,
) {
  const expected = Buffer.from(signMemberSiteGrant(secret, grant), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  const invalid = (why: string) =>
    new HttpError(MemberSiteErrCode.GRANT_INVALID, `Plan grant refused: ${why}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid('bad signature');
  if (Math.abs(now - grant.issuedAt) > GRANT_MAX_AGE_MS) throw invalid('too old');
  const account = await accountNow(db, grant.accountId);
  if (!account) throw invalid('unknown account');
  if (account.kind !== 'user')
    throw new HttpError(MemberSiteErrCode.GUEST_CANNOT_BUY, 'Log in to buy a plan');
  const plan = await planNow(db, grant.planId);
  if (!plan) throw new HttpError(MemberSiteErrCode.PLAN_NOT_FOUND, 'No such plan');
  const k = db.kysely;
  const expiredTs = await transactionally(db, function* () {
    const fresh = yield* query(
      k
        .insertInto('member_site_grants')
        .values({
          grant_id: grant.grantId,
          account_id: grant.accountId,
          plan_id: grant.planId,
          issued_at: grant.issuedAt,
          accepted_at: now,
        })
        .onConflict((c) => c.column('grant_id').doNothing())
        .returning('grant_id')
        .compile(),
    );
    if (fresh.rows.length === 0) throw invalid('already used');
    const extended = yield* query(
      extendSubscription(db, grant.accountId, plan.productId, plan.durationDays, now),
    );
    yield* query(
      k
        .updateTable('accounts')
        .set({ member_site_purchase: 1 })
        .where('account_id', '=', grant.accountId)
        .compile(),
    );
    return Number(extended.rows[0]?.expired_ts);
  });
  // After the commit: a notice never tells of a purchase that was rolled back.
  const name = plan.planLang.find((l) => l.lang === 'en')?.planName ?? plan.planId;
  await notify(
    db,
    grant.accountId,
    'Purchase complete',
    `${name}: active until ${new Date(expiredTs).toISOString().slice(0, 10)}`,
    now,
  );
  return { planId: plan.planId, productId: plan.productId, expiredTs };
}

export const memberSiteGrantRoutes = [
  route(memberSiteGrant, (ctx, { signature, ...grant }) => {
    const secret = grantSecret(ctx.config);
    if (!secret) throw notHere(memberSiteGrant.path);
    return acceptGrant(ctx.db, secret, grant, signature, ctx.now());
  }),
];

export { memberSiteGrant };
