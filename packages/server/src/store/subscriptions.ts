import { type CompiledQuery, sql } from 'kysely';
import type { Db } from './db.ts';
import { keptRead } from './versions.ts';

const DAY = 24 * 60 * 60 * 1000;

/** One product an account holds, and when it ends (epoch ms). */
export interface SubscriptionRow {
  product_id: string;
  expired_ts: number;
}

/**
 * The account's subscriptions, by product (asynchronous store: read on every channel list, channel change and
 * play, decision 0408), kept by each process while no account's products changed (decision 0419). Shared: callers
 * must not modify the rows.
 */
export const subscriptionsOf: (db: Db, accountId: string) => Promise<readonly SubscriptionRow[]> = keptRead(
  'entitlements',
  50_000,
  (db: Db, accountId: string) => subscriptionsQuery(db, accountId).execute(),
);

/** The same read as a statement of a `transactionally` body. */
export function subscriptionsStatement(db: Db, accountId: string): CompiledQuery<SubscriptionRow> {
  return subscriptionsQuery(db, accountId).compile();
}

const subscriptionsQuery = (db: Db, accountId: string) =>
  db.kysely
    .selectFrom('subscriptions')
    .select(['product_id', 'expired_ts'])
    .where('account_id', '=', accountId)
    .orderBy('product_id');

/**
 * Runs a product `days` past the later of `now` and its current expiry, and answers the new expiry: the one
 * place of that rule (a recharge code, a member-site purchase, an operator's grant). It is a single statement
 * with no read before it, so two extensions at once both count, on either engine, with no lock taken first.
 */
export function extendSubscription(
  db: Db,
  accountId: string,
  productId: string,
  days: number,
  now: number,
): CompiledQuery<{ expired_ts: number }> {
  const durationMs = days * DAY;
  return db.kysely
    .insertInto('subscriptions')
    .values({ account_id: accountId, product_id: productId, expired_ts: now + durationMs })
    .onConflict((c) =>
      c.columns(['account_id', 'product_id']).doUpdateSet({
        expired_ts: sql<number>`CASE WHEN subscriptions.expired_ts > ${now} THEN subscriptions.expired_ts ELSE ${now} END + ${durationMs}`,
      }),
    )
    .returning('expired_ts')
    .compile();
}

/** Sets a product's expiry, as a statement (an operator ending a plan now). */
export function setExpiryStatement(
  db: Db,
  accountId: string,
  productId: string,
  expiredTs: number,
): CompiledQuery {
  return db.kysely
    .updateTable('subscriptions')
    .set({ expired_ts: expiredTs })
    .where('account_id', '=', accountId)
    .where('product_id', '=', productId)
    .compile();
}
