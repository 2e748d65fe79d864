import type { MessageSender } from '../domain/messages.ts';
import {
  assertNotLocked,
  type Attempt,
  clearAttempts,
  countFailure,
  type Lockout,
} from '../domain/limits.ts';
import type { Db } from '../store/db.ts';
import type { OperatorRow } from './accounts.ts';
import { auditStatement } from './audit.ts';

/**
 * The console's per-account limit across addresses (issue 35, decision 0360). Wrong passwords and wrong codes
 * for one operator, from any address, count on one lock; from the tenth on, addresses this operator has not
 * signed in from are refused for a while (doubling from a minute to half an hour). An address where the
 * operator completed a sign-in in the last 90 days is never held by it (only by its own per-address limits),
 * and a full sign-in clears it: someone who knows the password cannot keep the operator out.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const ACCOUNT_LOCK: Lockout = {
  kind: 'lockout',
  free: 10,
  baseMs: MINUTE,
  maxMs: 30 * MINUTE,
  forgetMs: DAY,
};
export const KNOWN_ADDRESS_MS = 90 * DAY;

/** Keyed by the email typed, operator or not: an unknown email locks the same way, so locks tell no one apart. */
const accountAttempt = (email: string): Attempt => ({
  key: `op-acct:${email.trim().toLowerCase()}`,
  rule: ACCOUNT_LOCK,
});

/** Whether the operator completed a sign-in (a console session was started) from this address lately. */
export async function isKnownAddress(db: Db, operatorId: string, ip: string, now: number): Promise<boolean> {
  const known = await db.kysely
    .selectFrom('operator_sessions')
    .select('operator_id')
    .where('operator_id', '=', operatorId)
    .where('client_ip', '=', ip)
    .where('created_at', '>', now - KNOWN_ADDRESS_MS)
    .limit(1)
    .executeTakeFirst();
  return known !== undefined;
}

/** Refuses (TOO_MANY_ATTEMPTS) while the account is locked, unless the address is a known one. */
export async function assertAccountOpen(
  db: Db,
  email: string,
  operatorId: string | undefined,
  ip: string,
  now: number,
): Promise<void> {
  if (operatorId && (await isKnownAddress(db, operatorId, ip, now))) return;
  await assertNotLocked(db, [accountAttempt(email)], now);
}

const noticeText = (row: OperatorRow, what: string, ip: string) =>
  `${ACCOUNT_LOCK.free} failed console sign-ins for ${row.email} (the last: a wrong ${what} from ${ip}). ` +
  'Sign-ins from addresses it has not signed in from are refused for a while; the addresses it signed in ' +
  'from in the last 90 days still work. If this was not you, change the password and check the audit log.';

/**
 * Counts a wrong password or code on the account. The failure that starts the lock is told once to the
 * operator and every active admin (the outbox) and written to the audit log.
 */
export async function countAccountFailure(
  db: Db,
  sender: MessageSender,
  email: string,
  row: OperatorRow | undefined,
  what: 'password' | 'code',
  ip: string,
  now: number,
): Promise<void> {
  const failures = await countFailure(db, accountAttempt(email), now);
  if (!row || failures !== ACCOUNT_LOCK.free) return;
  const body = noticeText(row, what, ip);
  const admins = await db.kysely
    .selectFrom('operators')
    .select('email')
    .where('role', '=', 'admin')
    .where('active', '=', 1)
    .where('operator_id', '<>', row.operator_id)
    .execute();
  for (const to of [row.email, ...admins.map((a) => a.email)]) {
    await sender.send({ channel: 'email', recipient: to, subject: 'Console sign-ins locked', body }, now);
  }
  await db.kysely.executeQuery(
    auditStatement(
      db,
      { id: row.operator_id, email: row.email },
      'operator.signInLocked',
      row.operator_id,
      { after: { failures: ACCOUNT_LOCK.free, last: what, address: ip } },
      now,
    ),
  );
}

/** A full sign-in (password and code) lifts the account's lock. */
export function clearAccountLock(db: Db, email: string): Promise<void> {
  return clearAttempts(db, [accountAttempt(email).key]);
}
