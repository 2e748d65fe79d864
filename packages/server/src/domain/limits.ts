import { isIPv4, isIPv6 } from 'node:net';
import { type RawBuilder, sql } from 'kysely';
import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';

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

/**
 * The counters are single statements with the rule written in SQL (decision 0416): a check reads, a count is
 * one `INSERT … ON CONFLICT DO UPDATE … WHERE it accepts … RETURNING`. On PostgreSQL each takes its one row's
 * lock for one statement, so requests from one address no longer queue behind a transaction of several round
 * trips, and two counts can never wait on each other in a circle. The numbers in them are the rules' and the
 * clock's, written as literals: PostgreSQL cannot type a parameter inside these CASEs.
 */
const n = (value: number) => sql.lit(Math.trunc(value));
const col = (name: 'failures' | 'last_failure_at' | 'locked_until') => sql.ref(`attempt_limits.${name}`);

/** How long a counter refuses an attempt now, in ms (0 or less when it accepts one). */
function waitSql(rule: LimitRule, now: number): RawBuilder<number> {
  // Lockout: `locked_until` is when the lock ends. Bucket (GCRA): it is the theoretical arrival time, and an
  // attempt is accepted while that lies within the burst's tolerance.
  const tolerance = rule.kind === 'bucket' ? (rule.burst - 1) * rule.intervalMs : 0;
  return sql<number>`${col('locked_until')} - ${n(now + tolerance)}`;
}

/** A lockout's lock for `failures` counted: none before `free`, then base × 2^(failures − free) up to the cap. */
function lockSql(rule: Lockout, failures: RawBuilder<number>): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [sql`WHEN ${failures} < ${n(rule.free)} THEN 0`];
  for (let over = 0; rule.baseMs * 2 ** over < rule.maxMs; over++) {
    steps.push(sql`WHEN ${failures} = ${n(rule.free + over)} THEN ${n(rule.baseMs * 2 ** over)}`);
  }
  return sql<number>`CASE ${sql.join(steps, sql` `)} ELSE ${n(rule.maxMs)} END`;
}

/**
 * One attempt counted on a counter, as one statement answering the failures now counted. With `whenAccepted`,
 * only when the counter accepts one (no row answered otherwise: a refusal never grows the counter).
 */
function countStatement(db: Db, { key, rule }: Attempt, now: number, whenAccepted: boolean) {
  const first: RawBuilder<number> =
    rule.kind === 'bucket' ? sql`${n(now + rule.intervalMs)}` : sql`${n(now)} + ${lockSql(rule, sql`1`)}`;
  let failures: RawBuilder<number>;
  let lockedUntil: RawBuilder<number>;
  if (rule.kind === 'bucket') {
    failures = sql`${col('failures')} + 1`;
    lockedUntil = sql`CASE WHEN ${col('locked_until')} > ${n(now)} THEN ${col('locked_until')} ELSE ${n(now)} END + ${n(rule.intervalMs)}`;
  } else {
    // Attempts older than `forgetMs` since the last one are forgotten: the count starts again at one.
    failures = sql`CASE WHEN ${n(now)} - ${col('last_failure_at')} < ${n(rule.forgetMs)} THEN ${col('failures')} + 1 ELSE 1 END`;
    lockedUntil = sql`${n(now)} + ${lockSql(rule, failures)}`;
  }
  return db.kysely
    .insertInto('attempt_limits')
    .values({ limit_key: key, failures: 1, last_failure_at: n(now), locked_until: first })
    .onConflict((oc) => {
      const update = oc.column('limit_key').doUpdateSet({
        failures,
        last_failure_at: n(now),
        locked_until: lockedUntil,
      });
      return whenAccepted ? update.where(sql<boolean>`${waitSql(rule, now)} <= 0`) : update;
    })
    .returning('failures');
}

/** The longest wait of the counters, in one query (0 when every one accepts an attempt). */
async function longestWait(db: Db, attempts: Attempt[], now: number): Promise<number> {
  if (attempts.length === 0) return 0;
  const byKey = attempts.map((a) => sql`WHEN ${a.key} THEN ${waitSql(a.rule, now)}`);
  const row = await db.kysely
    .selectFrom('attempt_limits')
    .select(sql<number | null>`max(CASE limit_key ${sql.join(byKey, sql` `)} END)`.as('wait'))
    .where(
      'limit_key',
      'in',
      attempts.map((a) => a.key),
    )
    .executeTakeFirst();
  return Math.max(0, Number(row?.wait ?? 0));
}

const tooMany = (ms: number) =>
  new DomainError(ErrCode.TOO_MANY_ATTEMPTS, `Too many attempts; try again in ${Math.ceil(ms / 1000)} s`);

/**
 * Counts a failure on a lockout without checking it first (the check ran earlier, or the failure must count
 * whatever the lock says); answers the failures now counted, so a caller can tell when a lock starts.
 */
export async function countFailure(db: Db, attempt: Attempt, now: number): Promise<number> {
  const row = await countStatement(db, attempt, now, false).executeTakeFirstOrThrow();
  return Number(row.failures);
}

/** Throws TOO_MANY_ATTEMPTS while any of the counters refuses, without counting anything. */
export async function assertNotLocked(db: Db, attempts: Attempt[], now: number): Promise<void> {
  const wait = await longestWait(db, attempts, now);
  if (wait > 0) throw tooMany(wait);
}

/**
 * Checks every counter and, only when none refuses, counts the attempt on each: the attempt is counted before
 * the work it guards (a password hash, a row), so parallel requests cannot all pass the check. Throws
 * TOO_MANY_ATTEMPTS with the longest wait.
 *
 * Each count is one statement that counts only when its counter accepts (decision 0416). A refusal is found by
 * the check before anything is counted (the common case, an attacker's: one read, no write). Requests that pass
 * the check together may still meet a counter that one of them filled: the shared budgets are counted first, at
 * once, and the offender's lock last, and what was counted is given back when a later counter refuses. A list
 * has at most one lock: a lock counted cannot be given back.
 */
export async function takeAttempt(db: Db, attempts: Attempt[], now: number): Promise<void> {
  const budgets = attempts.filter((a) => a.rule.kind === 'bucket');
  const locks = attempts.filter((a) => a.rule.kind === 'lockout');
  if (locks.length > 1) throw new Error('takeAttempt: at most one lockout a list');
  await assertNotLocked(db, attempts, now);
  const counted = await Promise.all(
    budgets.map(async (a) => ((await countStatement(db, a, now, true).executeTakeFirst()) ? a : undefined)),
  );
  const taken = counted.filter((a) => a !== undefined);
  let accepted = taken.length === budgets.length;
  if (accepted && locks[0])
    accepted = (await countStatement(db, locks[0], now, true).executeTakeFirst()) !== undefined;
  if (accepted) return;
  await giveBack(db, taken, now);
  throw tooMany(Math.max(1, await longestWait(db, attempts, now)));
}

/** What attempts took from shared budgets, given back, in one statement. */
async function giveBack(db: Db, budgets: Attempt[], now: number): Promise<void> {
  if (budgets.length === 0) return;
  // One statement for every budget (decision 0418), each row's interval chosen by its key: a sign-in gives three
  // back. It locks its rows in the index's order, as every other statement on several of them does.
  const interval = sql`(CASE ${sql.ref('attempt_limits.limit_key')} ${sql.join(
    budgets.map((a) => sql`WHEN ${a.key} THEN ${n((a.rule as Bucket).intervalMs)}`),
    sql` `,
  )} END)`;
  await db.kysely
    .updateTable('attempt_limits')
    .set({
      failures: sql`CASE WHEN ${col('failures')} > 0 THEN ${col('failures')} - 1 ELSE 0 END`,
      locked_until: sql`CASE WHEN ${col('locked_until')} - ${interval} > ${n(now)} THEN ${col('locked_until')} - ${interval} ELSE ${n(now)} END`,
    })
    .where(
      'limit_key',
      'in',
      budgets.map((a) => a.key),
    )
    .execute();
}

/**
 * The attempt succeeded (right password, valid code): it gives back what it took from the shared budgets and
 * clears the offender's lock, so only failures count.
 */
export async function refundAttempt(db: Db, attempts: Attempt[], now: number): Promise<void> {
  const locks = attempts.filter((a) => a.rule.kind === 'lockout').map((a) => a.key);
  await Promise.all([
    giveBack(
      db,
      attempts.filter((a) => a.rule.kind === 'bucket'),
      now,
    ),
    locks.length > 0
      ? db.kysely.deleteFrom('attempt_limits').where('limit_key', 'in', locks).execute()
      : undefined,
  ]);
}

/** Forgets counters: the exact keys, and every key starting with one of the prefixes (an account's pair locks). */
export async function clearAttempts(db: Db, keys: string[], prefixes: string[] = []): Promise<void> {
  if (keys.length === 0 && prefixes.length === 0) return;
  await db.kysely
    .deleteFrom('attempt_limits')
    .where((eb) =>
      eb.or([
        ...keys.map((key) => eb('limit_key', '=', key)),
        ...prefixes.map((prefix) =>
          eb(eb.fn('substr', ['limit_key', eb.val(1), eb.val(prefix.length)]), '=', prefix),
        ),
      ]),
    )
    .execute();
}
