import type { CompiledQuery, Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { AccountsTable } from './kysely/schema.generated.ts';

export type AccountRow = Selectable<AccountsTable>;

export type NewAccount = Omit<AccountRow, 'recharged' | 'member_site_purchase'>;

/** The account, on the asynchronous store (the user info of every sign-in, refresh and recharge, decision 0410). */
export function accountNow(db: Db, accountId: string): Promise<AccountRow | undefined> {
  return db.kysely.selectFrom('accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export function findAccountByEmail(db: Db, email: string): AccountRow | undefined {
  return db.get<AccountRow>('SELECT * FROM accounts WHERE email = ?', email);
}

/** The account of an email address or phone key, on the asynchronous store (a sign-in, decision 0411). */
export function accountByAddressNow(db: Db, column: 'email' | 'phone_key', key: string) {
  return db.kysely.selectFrom('accounts').selectAll().where(column, '=', key).executeTakeFirst();
}

export function findGuestByDevice(db: Db, deviceId: string): Promise<AccountRow | undefined> {
  return db.kysely
    .selectFrom('accounts')
    .selectAll()
    .where('kind', '=', 'guest')
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

export async function virtualCodeTaken(db: Db, code: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select('account_id')
    .where('virtual_code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new user's account, as a statement of the sign-up's transaction: no row answered when the address (`key`) has
 * an account already. The unique key decides, whoever inserts at the same moment (decision 0408).
 */
export function insertUserStatement(
  db: Db,
  key: 'email' | 'phone_key',
  a: NewAccount,
): CompiledQuery<{ account_id: string }> {
  return db.kysely
    .insertInto('accounts')
    .values(a)
    .onConflict((c) => c.column(key).doNothing())
    .returning('account_id')
    .compile();
}

/** A new account on the asynchronous store (a guest's). */
export async function insertAccountNow(db: Db, a: NewAccount): Promise<void> {
  await db.kysely.insertInto('accounts').values(a).execute();
}

/** The same on the synchronous store, for the seed's one transaction. */
export function insertAccount(db: Db, a: NewAccount): void {
  db.run(
    `INSERT INTO accounts (account_id, kind, virtual_code, email, phone_pre_code, phone, phone_key, account_name,
      password_hash, login_method, country, device_id, free_trial_status, free_trial_ends_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    a.account_id,
    a.kind,
    a.virtual_code,
    a.email,
    a.phone_pre_code,
    a.phone,
    a.phone_key,
    a.account_name,
    a.password_hash,
    a.login_method,
    a.country,
    a.device_id,
    a.free_trial_status,
    a.free_trial_ends_at,
    a.created_at,
  );
}

/** A new password's hash, as a statement of the transaction that also ends the account's sessions. */
export function updatePasswordHashStatement(db: Db, accountId: string, hash: string): CompiledQuery {
  return db.kysely
    .updateTable('accounts')
    .set({ password_hash: hash })
    .where('account_id', '=', accountId)
    .compile();
}

/**
 * The account's recharged mark (spec §4 rechargeStatus), and the end of its running free trial when the recharge
 * ends it: a statement of the recharge's transaction.
 */
export function markRechargedStatement(db: Db, accountId: string, endsTrial: boolean): CompiledQuery {
  return db.kysely
    .updateTable('accounts')
    .set(endsTrial ? { recharged: 1, free_trial_status: 'RECHARGE_END' } : { recharged: 1 })
    .where('account_id', '=', accountId)
    .compile();
}

/**
 * The account's row, locked until the transaction ends (PostgreSQL; SQLite's transaction holds its one write lock
 * already): a change that reads the account's subscriptions to write them and audit their before and after
 * takes turns with every other such change of the same account, on any process. A row that does not exist yet
 * (a first subscription) cannot be locked, the account can. `FOR NO KEY UPDATE`: rows that only refer to the
 * account (a new session, a play) are not held up.
 */
export function lockAccountStatement(db: Db, accountId: string): CompiledQuery<{ account_id: string }> {
  const read = db.kysely.selectFrom('accounts').select('account_id').where('account_id', '=', accountId);
  return (db.engine === 'postgres' ? read.forNoKeyUpdate() : read).compile();
}

/** Sets a product's expiry (insert or update). */
export function putSubscription(db: Db, accountId: string, productId: string, expiredTs: number): void {
  db.run(
    `INSERT INTO subscriptions (account_id, product_id, expired_ts) VALUES (?, ?, ?)
     ON CONFLICT (account_id, product_id) DO UPDATE SET expired_ts = excluded.expired_ts`,
    accountId,
    productId,
    expiredTs,
  );
}
