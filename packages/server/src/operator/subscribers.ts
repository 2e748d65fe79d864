import { OperatorErrCode, type SubscriberDetail } from '@ottkit/api-client/contract';
import { DomainError } from '../domain/errors.ts';
import { accountNow, lockAccountStatement } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { sql } from 'kysely';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import { planNow } from '../store/plans.ts';
import { revokeAccountSessionsStatement } from '../store/sessions.ts';
import { type Actor, auditStatement } from './audit.ts';
import { deliveryOf } from '../mail/delivery.ts';
import { messagesTo } from '../store/outbox.ts';
import {
  extendSubscription,
  type SubscriptionRow,
  setExpiryStatement,
  subscriptionsOf,
  subscriptionsStatement,
} from '../store/subscriptions.ts';

interface AccountSummaryRow {
  account_id: string;
  virtual_code: string;
  email: string | null;
  phone_pre_code: string | null;
  phone: string | null;
  account_name: string;
  kind: 'user' | 'guest';
  created_at: number;
}

const summary = (r: AccountSummaryRow) => ({
  accountId: r.account_id,
  virtualCode: r.virtual_code,
  email: r.email ?? '',
  phone: r.phone ? `${r.phone_pre_code ?? ''} ${r.phone}`.trim() : '',
  accountName: r.account_name,
  kind: r.kind,
  createdAt: r.created_at,
});

/** Subscribers by part of email, phone or name, or exactly by virtual code or account id; users first, 50 at most. */
/** Accounts whose address, phone or name has `q` in it, or whose virtual code or id is `q`: users first. */
export async function searchSubscribers(db: Db, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const has = (column: string) => sql<boolean>`${sql.ref(column)} LIKE ${like} ESCAPE '\\'`;
  const rows = await db.kysely
    .selectFrom('accounts')
    .select([
      'account_id',
      'virtual_code',
      'email',
      'phone_pre_code',
      'phone',
      'account_name',
      'kind',
      'created_at',
    ])
    .where((eb) =>
      eb.or([
        has('email'),
        has('phone'),
        has('account_name'),
        eb('virtual_code', '=', q),
        eb('account_id', '=', q),
      ]),
    )
    .orderBy(sql`CASE kind WHEN 'user' THEN 0 ELSE 1 END`)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return (rows as AccountSummaryRow[]).map(summary);
}

/**
 * Plans, devices, sessions and messages of one subscriber; never a password hash, a token or a message's text.
 * `delivery` says which channels this server sends itself.
 */
export async function subscriberDetail(
  db: Db,
  accountId: string,
  now: number,
  delivery: SubscriberDetail['delivery'],
): Promise<SubscriberDetail> {
  const a = await accountNow(db, accountId);
  if (!a) throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${accountId}`);
  const [sessions, subscriptions, messages] = await Promise.all([
    db.kysely
      .selectFrom('sessions')
      .select(['session_id', 'device_id', 'created_at', 'expires_at', 'revoked_at', 'revoke_reason'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
    subscriptionsOf(db, accountId),
    messagesTo(db, [a.email ?? '', a.phone_key ?? '']),
  ]);
  const devices = new Map<string, number>();
  for (const s of sessions) {
    if (s.device_id) devices.set(s.device_id, Math.max(devices.get(s.device_id) ?? 0, s.created_at));
  }
  return {
    ...summary(a),
    country: a.country,
    freeTrialStatus: a.free_trial_status,
    subscriptions: subscriptions.map((s) => ({
      productId: s.product_id,
      expiredTs: Number(s.expired_ts),
      active: Number(s.expired_ts) > now,
    })),
    devices: [...devices].map(([deviceId, lastSeenAt]) => ({ deviceId, lastSeenAt })),
    sessions: sessions.map((s) => ({
      sessionId: s.session_id,
      createdAt: s.created_at,
      expiresAt: s.expires_at,
      active: s.revoked_at === null && s.expires_at > now,
      revokeReason: s.revoke_reason ?? '',
    })),
    messages: messages.map((m) => ({
      seq: m.seq,
      channel: m.channel,
      subject: m.subject,
      createdAt: Number(m.created_at),
      sentAt: m.delivered_at === null ? null : Number(m.delivered_at),
      attempts: m.attempts,
      ...deliveryOf(m),
    })),
    delivery,
  };
}

const plans = (rows: SubscriptionRow[]) =>
  rows.map((s) => ({ productId: s.product_id, expiredTs: Number(s.expired_ts) }));

/** Grants a plan: its product runs the plan's days past the later of now and its current expiry (audited). */
export async function grantPlan(
  db: Db,
  actor: Actor,
  accountId: string,
  planId: string,
  now: number,
): Promise<void> {
  const plan = await planNow(db, planId);
  if (!plan) throw new DomainError(OperatorErrCode.NOT_FOUND, `No plan ${planId}`);
  await transactionally(db, function* () {
    if ((yield* query(lockAccountStatement(db, accountId))).rows.length === 0)
      throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${accountId}`);
    const before = plans((yield* query(subscriptionsStatement(db, accountId))).rows);
    yield* query(extendSubscription(db, accountId, plan.productId, plan.durationDays, now));
    const after = plans((yield* query(subscriptionsStatement(db, accountId))).rows);
    yield* query(auditStatement(db, actor, 'subscriber.grantPlan', accountId, { before, after }, now));
  });
}

/** Ends a product now (audited). */
export async function endPlan(
  db: Db,
  actor: Actor,
  accountId: string,
  productId: string,
  now: number,
): Promise<void> {
  await transactionally(db, function* () {
    yield* query(lockAccountStatement(db, accountId));
    const before = plans((yield* query(subscriptionsStatement(db, accountId))).rows);
    const ending = before.find((s) => s.productId === productId);
    if (!ending) throw new DomainError(OperatorErrCode.NOT_FOUND, `${accountId} has no ${productId}`);
    yield* query(setExpiryStatement(db, accountId, productId, Math.min(now, ending.expiredTs)));
    const after = plans((yield* query(subscriptionsStatement(db, accountId))).rows);
    yield* query(auditStatement(db, actor, 'subscriber.endPlan', accountId, { before, after }, now));
  });
}

/** Ends every live session of the subscriber (their media URLs stop with them, decision 0100). */
export async function revokeSubscriberSessions(
  db: Db,
  actor: Actor,
  accountId: string,
  now: number,
): Promise<void> {
  await transactionally(db, function* () {
    const account = yield* query(lockAccountStatement(db, accountId));
    if (account.rows.length === 0)
      throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${accountId}`);
    const live = yield* query(
      db.kysely
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .compile(),
    );
    yield* query(revokeAccountSessionsStatement(db, accountId, 'operator', now));
    const change = { before: { liveSessions: Number(live.rows[0]?.n ?? 0) }, after: { liveSessions: 0 } };
    yield* query(auditStatement(db, actor, 'subscriber.revokeSessions', accountId, change, now));
  });
}
