import { isIPv4, isIPv6 } from 'node:net';
import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { lockRows, query, type Statements, transactionally } from '../store/kysely/transactionally.ts';

/**
 * A shared budget (token bucket, kept as GCRA's one timestamp): `burst` attempts at once, then one more every
 * `intervalMs`. It refills continuously (a sliding window), so a busy hour behind a carrier's or hotel's
 * address never needs a fully quiet hour to open again. Refusal never grows: many people may share the key.
 */
export interface Bucket {
  kind: 'bucket';
  burst: number;
  intervalMs: number;
}

/**
 * A lock on one offender (one address guessing one account, one account guessing recharge codes): after
 * `free` attempts, each further one locks for base × 2^(n − free), up to the cap. Attempts older than
 * `forgetMs` since the last one are forgotten.
 */
export interface Lockout {
  kind: 'lockout';
  free: number;
  baseMs: number;
  maxMs: number;
  forgetMs: number;
}

export type LimitRule = Bucket | Lockout;

/** One counter an attempt spends from. */
export interface Attempt {
  key: string;
  rule: LimitRule;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const bucket = (burst: number, perHour: number): Bucket => ({
  kind: 'bucket',
  burst,
  intervalMs: Math.round(HOUR / perHour),
});

/** The numbers (docs/decisions/0150, packages/server/README.md "Limits"). */
export const POLICIES = {
  /** Wrong passwords from one address for one account: the attacker's lock, growing to an hour. */
  loginPair: { kind: 'lockout', free: 5, baseMs: 30 * SECOND, maxMs: HOUR, forgetMs: 24 * HOUR },
  /** Wrong passwords per account from everywhere: only a slow global cap, so the owner is not locked out. */
  loginAccount: bucket(50, 30),
  /** Wrong passwords per caller address across accounts (credential stuffing). */
  loginIp: bucket(20, 120),
  /** The same per address range (/24 IPv4, /64 IPv6): one attacker rotating addresses of one network. */
  loginRange: bucket(100, 600),
  /** Failed recharge codes per account (guessing 16 digits): the account is the offender. */
  rechargeAccount: { kind: 'lockout', free: 5, baseMs: MINUTE, maxMs: 24 * HOUR, forgetMs: 24 * HOUR },
  /** Wrong current passwords on the password change, per account (the session is the offender). */
  modifyPassword: { kind: 'lockout', free: 5, baseMs: 30 * SECOND, maxMs: HOUR, forgetMs: 24 * HOUR },
  /** Verification sends (filling the outbox), besides one a minute per recipient. */
  sendIp: bucket(20, 120),
  sendRange: bucket(100, 600),
  /** New QR codes and new guest accounts: rows for anyone who asks; generous, many people share an address. */
  scanIp: bucket(50, 200),
  scanRange: bucket(500, 2000),
  guestIp: bucket(200, 500),
  guestRange: bucket(1000, 2500),
} satisfies Record<string, LimitRule>;

/**
 * The network an address belongs to, as limits see it: the /24 of an IPv4 address, the /64 of an IPv6 one
 * (one subscriber's line usually gets a whole /64). Anything else is its own range.
 */
export function addressRange(ip: string): string {
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The three counters of something a caller address spends: the address, its range, and an optional key. */
export function perAddress(name: string, ip: string, ipRule: Bucket, rangeRule: Bucket): [Attempt, Attempt] {
  return [
    { key: `${name}:ip:${ip}`, rule: ipRule },
    { key: `${name}:net:${addressRange(ip)}`, rule: rangeRule },
  ];
}

interface Row {
  failures: number;
  last_failure_at: number;
  /** Lockout: locked until; bucket: GCRA's theoretical arrival time (the bucket is full when ≤ now). */
  locked_until: number;
}

const read = (db: Db, key: string) =>
  db.get<Row>('SELECT failures, last_failure_at, locked_until FROM attempt_limits WHERE limit_key = ?', key);

function write(db: Db, key: string, row: Row): void {
  db.run(
    `INSERT INTO attempt_limits (limit_key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (limit_key) DO UPDATE SET failures = excluded.failures,
       last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
    key,
    row.failures,
    row.last_failure_at,
    row.locked_until,
  );
}

/** How long the key refuses an attempt now (0 when it accepts one). */
function waitMs(row: Row | undefined, rule: LimitRule, now: number): number {
  if (!row) return 0;
  if (rule.kind === 'lockout') return Math.max(0, row.locked_until - now);
  // GCRA: accepted while the theoretical arrival time is within the burst's tolerance.
  return Math.max(0, row.locked_until - (rule.burst - 1) * rule.intervalMs - now);
}

function spent(row: Row | undefined, rule: LimitRule, now: number): Row {
  if (rule.kind === 'bucket') {
    const tat = Math.max(row?.locked_until ?? now, now) + rule.intervalMs;
    return { failures: (row?.failures ?? 0) + 1, last_failure_at: now, locked_until: tat };
  }
  const failures = row && now - row.last_failure_at < rule.forgetMs ? row.failures + 1 : 1;
  const over = failures - rule.free;
  const lock = over >= 0 ? Math.min(rule.maxMs, rule.baseMs * 2 ** over) : 0;
  return { failures, last_failure_at: now, locked_until: now + lock };
}

/** A bucket's counter with one attempt given back. */
function refunded(row: Row, rule: Bucket, now: number): Row {
  const tat = Math.max(now, row.locked_until - rule.intervalMs);
  return { ...row, failures: Math.max(0, row.failures - 1), locked_until: tat };
}

const tooMany = (ms: number) =>
  new DomainError(ErrCode.TOO_MANY_ATTEMPTS, `Too many attempts; try again in ${Math.ceil(ms / 1000)} s`);

/**
 * Counts a failure on a lockout without checking it first (the check ran earlier, or the failure must count
 * whatever the lock says); answers the failures now counted, so a caller can tell when a lock starts.
 */
export function countFailure(db: Db, attempt: Attempt, now: number): number {
  return db.transaction(() => {
    const row = spent(read(db, attempt.key), attempt.rule, now);
    write(db, attempt.key, row);
    return row.failures;
  });
}

/** Throws TOO_MANY_ATTEMPTS while any of the counters refuses, without counting anything. */
export function assertNotLocked(db: Db, attempts: Attempt[], now: number): void {
  const wait = Math.max(0, ...attempts.map((a) => waitMs(read(db, a.key), a.rule, now)));
  if (wait > 0) throw tooMany(wait);
}

/**
 * The counters' rows for a transaction that writes them, on the asynchronous store, locked (PostgreSQL) in key
 * order so that two such transactions never wait on each other in a circle. With `made`, a missing row is made
 * first, as zeros (which every rule reads as no attempt yet): a row that does not exist cannot be locked, and two
 * first attempts at once would each count from nothing.
 */
function* lockedRows(db: Db, keys: string[], made: boolean): Statements<Map<string, Row>> {
  const k = db.kysely;
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return new Map();
  if (made) {
    const zeros = sorted.map((key) => ({ limit_key: key, failures: 0, last_failure_at: 0, locked_until: 0 }));
    yield* query(
      k
        .insertInto('attempt_limits')
        .values(zeros)
        .onConflict((oc) => oc.column('limit_key').doNothing())
        .compile(),
    );
  }
  const select = k
    .selectFrom('attempt_limits')
    .select(['limit_key', 'failures', 'last_failure_at', 'locked_until'])
    .where('limit_key', 'in', sorted)
    .orderBy('limit_key');
  const rows = (yield* query(lockRows(db, select).compile())).rows;
  return new Map(rows.map((r) => [r.limit_key, r]));
}

function writeStatement(db: Db, key: string, row: Row) {
  return db.kysely
    .insertInto('attempt_limits')
    .values({ limit_key: key, ...row })
    .onConflict((oc) =>
      oc.column('limit_key').doUpdateSet((eb) => ({
        failures: eb.ref('excluded.failures'),
        last_failure_at: eb.ref('excluded.last_failure_at'),
        locked_until: eb.ref('excluded.locked_until'),
      })),
    )
    .compile();
}

/**
 * Checks every counter and, only when none refuses, counts the attempt on each, in one transaction: the
 * attempt is counted before the work it guards (a password hash, a row), so parallel requests cannot all
 * pass the check. Throws TOO_MANY_ATTEMPTS with the longest wait. On the asynchronous store (issue 39, decisions
 * 0411, 0414): held by the counters' row locks, taken in key order, not by the store's one writer.
 */
export async function takeAttempt(db: Db, attempts: Attempt[], now: number): Promise<void> {
  await transactionally(db, function* () {
    const rows = yield* lockedRows(
      db,
      attempts.map((a) => a.key),
      true,
    );
    const wait = Math.max(0, ...attempts.map((a) => waitMs(rows.get(a.key), a.rule, now)));
    if (wait > 0) throw tooMany(wait);
    for (const a of attempts) yield* query(writeStatement(db, a.key, spent(rows.get(a.key), a.rule, now)));
  });
}

/**
 * The attempt succeeded (right password, valid code): it gives back what it took from the shared budgets and
 * clears the offender's lock, so only failures count.
 */
export async function refundAttempt(db: Db, attempts: Attempt[], now: number): Promise<void> {
  const k = db.kysely;
  await transactionally(db, function* () {
    const buckets = attempts.filter((a) => a.rule.kind === 'bucket');
    const rows = yield* lockedRows(
      db,
      buckets.map((a) => a.key),
      false,
    );
    for (const a of attempts) {
      if (a.rule.kind === 'lockout') {
        yield* query(k.deleteFrom('attempt_limits').where('limit_key', '=', a.key).compile());
        continue;
      }
      const row = rows.get(a.key);
      if (!row) continue;
      yield* query(writeStatement(db, a.key, refunded(row, a.rule, now)));
    }
  });
}

/** Forgets counters: the exact keys, and every key starting with one of the prefixes (an account's pair locks). */
export function clearAttempts(db: Db, keys: string[], prefixes: string[] = []): void {
  for (const key of keys) db.run('DELETE FROM attempt_limits WHERE limit_key = ?', key);
  for (const prefix of prefixes) {
    db.run('DELETE FROM attempt_limits WHERE substr(limit_key, 1, ?) = ?', prefix.length, prefix);
  }
}
