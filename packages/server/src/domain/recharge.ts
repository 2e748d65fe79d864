import { randomBytes, randomInt } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import { RECHARGE_CODE_LENGTH, rechargeCodeSchema } from '@ottkit/api-client/contract';
import { DomainError } from './errors.ts';
import { accountNow, markRechargedStatement } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import { getPlan, planNow } from '../store/plans.ts';
import {
  getRechargeCode,
  insertRechargeCode,
  rechargeCodeOf,
  spendRechargeCode,
} from '../store/rechargeCodes.ts';
import { extendSubscription } from '../store/subscriptions.ts';
import { POLICIES, refundAttempt, takeAttempt } from './limits.ts';
import { keyedHash } from './tokens.ts';
import { freeTrialStatus } from './userInfo.ts';

/** Codes are stored as keyed hashes: the database alone does not reveal a redeemable code. */
export function rechargeCodeHash(secret: string, code: string): string {
  return keyedHash(secret, `recharge:${code}`);
}

/** The contract's number of random digits, never starting with 0 (so no tool drops a leading zero). */
function newCode(): string {
  const rest = Array.from({ length: RECHARGE_CODE_LENGTH - 1 }, () => randomInt(0, 10));
  return String(randomInt(1, 10)) + rest.join('');
}

/** Operator: creates `count` single-use codes bound to a plan; returns the codes (shown once, never stored). */
export function createRechargeBatch(
  db: Db,
  secret: string,
  planId: string,
  count: number,
  now: number,
  codes?: string[],
): { batchId: string; codes: string[] } {
  if (!getPlan(db, planId)) throw new Error(`No plan '${planId}'`);
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new Error('count must be 1-10000');
  const batchId = newBatchId();
  return {
    batchId,
    codes: db.transaction(() => addRechargeCodes(db, secret, planId, batchId, count, now, codes)),
  };
}

export const newBatchId = () => `batch-${randomBytes(4).toString('hex')}`;

/** Adds `count` new codes to a batch (a code that exists already is drawn again); answers them in clear. */
export function addRechargeCodes(
  db: Db,
  secret: string,
  planId: string,
  batchId: string,
  count: number,
  now: number,
  codes?: string[],
): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const code = codes?.[out.length] ?? newCode();
    // A given code (the seed's) must be one the redeeming call accepts: the contract's rule, not a copy.
    if (codes && !rechargeCodeSchema.safeParse(code).success) {
      throw new Error(`Code ${code} is not a recharge code`);
    }
    const hash = rechargeCodeHash(secret, code);
    if (getRechargeCode(db, hash)) {
      if (codes) throw new Error(`Code ${code} exists already`);
      continue;
    }
    insertRechargeCode(db, hash, planId, batchId, now);
    out.push(code);
  }
  return out;
}

/**
 * The same as statements of a `transactionally` body (a batch job's chunk, decision 0434): `count` new codes of
 * the plan in one insert, a code that exists already (one chance in billions) skipped and made again.
 */
export function* newRechargeCodes(
  db: Db,
  secret: string,
  planId: string,
  batchId: string,
  count: number,
  now: number,
): Statements<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const codes = Array.from({ length: count - out.length }, newCode);
    const byHash = new Map(codes.map((code) => [rechargeCodeHash(secret, code), code]));
    const rows = [...byHash.keys()].map((code_hash) => ({
      code_hash,
      plan_id: planId,
      batch_id: batchId,
      created_at: now,
    }));
    const added = yield* query(
      db.kysely
        .insertInto('recharge_codes')
        .values(rows)
        .onConflict((oc) => oc.column('code_hash').doNothing())
        .returning('code_hash')
        .compile(),
    );
    for (const { code_hash } of added.rows) out.push(byHash.get(code_hash) as string);
  }
  return out;
}

/**
 * Redeems a code for an account: single use, bound to its plan, extends the plan's product from the later of
 * now and the current expiry. Failed attempts are limited per account with growing delays.
 *
 * Spending the code, extending the product and marking the account are one transaction on the asynchronous
 * store (decision 0408): the spend is a conditional update, so of two requests with the same code (on any
 * process) exactly one wins, and the extension is one statement, so two codes at once both count.
 */
export async function redeem(
  db: Db,
  secret: string,
  accountId: string,
  virtualCode: string,
  code: string,
  now: number,
): Promise<{ planId: string; productId: string; expiredTs: number }> {
  // Counted before the code is looked up; given back when it was not a guess (success, wrong virtual code).
  const attempt = [{ key: `recharge:acct:${accountId}`, rule: POLICIES.rechargeAccount }];
  await takeAttempt(db, attempt, now);
  const account = await accountNow(db, accountId);
  if (!account || account.virtual_code !== virtualCode) {
    await refundAttempt(db, attempt, now);
    throw new DomainError(ErrCode.VIRTUAL_CODE_MISMATCH, 'The virtual code does not belong to this account');
  }
  const hash = rechargeCodeHash(secret, code);
  // A voided code (decision 0240) is refused in the same words as an unknown one: a reseller's leaked card
  // reveals nothing more.
  const invalid = () => new DomainError(ErrCode.RECHARGE_CODE_INVALID, 'This recharge code is not valid');
  const row = await rechargeCodeOf(db, hash);
  if (!row || row.voided_at !== null) throw invalid();
  const plan = await planNow(db, row.plan_id);
  if (!plan) throw new Error(`recharge code bound to missing plan ${row.plan_id}`);
  const endsTrial = freeTrialStatus(account, now) === 'USING';
  const expiredTs = await transactionally(db, function* () {
    if ((yield* query(spendRechargeCode(db, hash, accountId, now))).rows.length === 0) return null;
    const extended = yield* query(extendSubscription(db, accountId, plan.productId, plan.durationDays, now));
    yield* query(markRechargedStatement(db, accountId, endsTrial));
    return extended.rows[0]?.expired_ts ?? null;
  });
  if (expiredTs === null) {
    // Voided between the read and the write: still "not valid", not "used".
    if ((await rechargeCodeOf(db, hash))?.voided_at) throw invalid();
    throw new DomainError(ErrCode.RECHARGE_CODE_USED, 'This recharge code has been used already');
  }
  await refundAttempt(db, attempt, now);
  return { planId: plan.planId, productId: plan.productId, expiredTs };
}
