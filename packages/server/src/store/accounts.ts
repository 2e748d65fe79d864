import type { Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { AccountsTable } from './kysely/schema.generated.ts';

export type AccountRow = Selectable<AccountsTable>;

export type NewAccount = Omit<AccountRow, 'recharged' | 'member_site_purchase'>;

export function getAccount(db: Db, accountId: string): AccountRow | undefined {
  return db.get<AccountRow>('SELECT * FROM accounts WHERE account_id = ?', accountId);
}

export function findAccountByEmail(db: Db, email: string): AccountRow | undefined {
  return db.get<AccountRow>('SELECT * FROM accounts WHERE email = ?', email);
}

export function findAccountByPhoneKey(db: Db, phoneKey: string): AccountRow | undefined {
  return db.get<AccountRow>('SELECT * FROM accounts WHERE phone_key = ?', phoneKey);
}

export function findGuestByDevice(db: Db, deviceId: string): AccountRow | undefined {
  return db.get<AccountRow>("SELECT * FROM accounts WHERE kind = 'guest' AND device_id = ?", deviceId);
}

export function virtualCodeTaken(db: Db, code: string): boolean {
  return db.get('SELECT 1 AS x FROM accounts WHERE virtual_code = ?', code) !== undefined;
}

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

export function updatePasswordHash(db: Db, accountId: string, hash: string): void {
  db.run('UPDATE accounts SET password_hash = ? WHERE account_id = ?', hash, accountId);
}

export function setFreeTrialStatus(db: Db, accountId: string, status: string): void {
  db.run('UPDATE accounts SET free_trial_status = ? WHERE account_id = ?', status, accountId);
}

export function markRecharged(db: Db, accountId: string): void {
  db.run('UPDATE accounts SET recharged = 1 WHERE account_id = ?', accountId);
}

export interface SubscriptionRow {
  product_id: string;
  expired_ts: number;
}

export function listSubscriptions(db: Db, accountId: string): SubscriptionRow[] {
  return db.all<SubscriptionRow>(
    'SELECT product_id, expired_ts FROM subscriptions WHERE account_id = ? ORDER BY product_id',
    accountId,
  );
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
