import { ErrCode } from '@ottkit/api-client';
import { HttpError } from '../http/route.ts';
import type { Db } from '../store/db.ts';

/** After `freeFailures` failures, each further failure locks for base * 2^(n - free), up to max. */
export interface LimitPolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const POLICIES = {
  /** Failed logins per account (address): the sixth try within the lock is refused. */
  loginAccount: { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR },
  /** Failed logins per caller address, across accounts (credential stuffing). */
  loginIp: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR },
  /** Failed recharge codes per account (guessing 16 digits). */
  rechargeAccount: { freeFailures: 5, baseDelayMs: MINUTE, maxDelayMs: 24 * HOUR, forgetAfterMs: 24 * HOUR },
  /** Verification sends per caller address (filling the outbox), besides one a minute per address. */
  sendIp: { freeFailures: 50, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: HOUR },
  /**
   * New QR codes and new guest accounts per caller address: both write rows for anyone who asks. Generous,
   * because many people share one address (NAT) and every fresh browser in visitor mode starts a guest.
   */
  scanIp: { freeFailures: 200, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: HOUR },
  guestIp: { freeFailures: 500, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: HOUR },
} satisfies Record<string, LimitPolicy>;

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

/** Throws TOO_MANY_ATTEMPTS while the key is locked, telling how long to wait. */
export function assertNotLocked(db: Db, key: string, now: number): void {
  const row = db.get<Row>('SELECT * FROM attempt_limits WHERE limit_key = ?', key);
  if (row && row.locked_until > now) {
    const wait = Math.ceil((row.locked_until - now) / 1000);
    throw new HttpError(ErrCode.TOO_MANY_ATTEMPTS, `Too many attempts; try again in ${wait} s`);
  }
}

/** Counts one failure; returns the lock it causes (0 when still free). */
export function recordFailure(db: Db, key: string, policy: LimitPolicy, now: number): number {
  const row = db.get<Row>('SELECT * FROM attempt_limits WHERE limit_key = ?', key);
  const failures = row && now - row.last_failure_at < policy.forgetAfterMs ? row.failures + 1 : 1;
  const over = failures - policy.freeFailures;
  const lock = over >= 0 ? Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** over) : 0;
  db.run(
    `INSERT INTO attempt_limits (limit_key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (limit_key) DO UPDATE SET failures = excluded.failures,
       last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
    key,
    failures,
    now,
    now + lock,
  );
  return lock;
}

export function clearFailures(db: Db, key: string): void {
  db.run('DELETE FROM attempt_limits WHERE limit_key = ?', key);
}

/** For actions that cost rows rather than guesses: refused while locked, and each one counts. */
export function spendBudget(db: Db, key: string, policy: LimitPolicy, now: number): void {
  assertNotLocked(db, key, now);
  recordFailure(db, key, policy, now);
}
