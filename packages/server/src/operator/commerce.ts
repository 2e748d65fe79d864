import {
  type CodeBatch,
  type ConsoleSettings,
  consoleSettingsSchema,
  OperatorErrCode,
  type Plan,
} from '@ottkit/api-client/contract';
import { settingStatement, settingsIn, settingsValuesNow } from '../domain/appConfig.ts';
import { newBatchId, newRechargeCodes, rechargeCodeHash } from '../domain/recharge.ts';
import { DomainError } from '../domain/errors.ts';
import { type AccountRow, accountNow } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { planIn, savePlanIn } from '../store/plans.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import { type BatchRow, batchExists, batchesOf, batchRow, listRedemptions } from '../store/rechargeCodes.ts';
import { recentPlays } from '../store/subscriberPlays.ts';
import { type Actor, auditStatement, listAudit } from './audit.ts';

/** Plans, recharge codes, settings and a subscriber's password reset from the console (decision 0240). */

export function savePlanAudited(db: Db, actor: Actor, plan: Plan, now: number): Promise<Plan> {
  return transactionally(db, function* () {
    const before = yield* planIn(db, plan.planId);
    yield* savePlanIn(db, plan, before !== undefined);
    const after = (yield* planIn(db, plan.planId)) as Plan;
    yield* query(
      auditStatement(db, actor, before ? 'plan.update' : 'plan.create', plan.planId, { before, after }, now),
    );
    return after;
  });
}

export const toBatch = (r: BatchRow): CodeBatch => ({
  batchId: r.batch_id,
  planId: r.plan_id,
  createdAt: r.created_at,
  total: r.total,
  redeemed: r.redeemed,
  voided: r.voided,
});

/** The console's answer for a batch that does not exist. */
const noBatch = (batchId: string) => new DomainError(OperatorErrCode.NOT_FOUND, `No batch ${batchId}`);

/** A batch as the console shows it, read inside a transaction's body; not found in words. */
export function* batchIn(db: Db, batchId: string): Statements<CodeBatch> {
  const [r] = (yield* query(batchesOf(db).where('batch_id', '=', batchId).compile())).rows;
  if (!r) throw noBatch(batchId);
  return toBatch(batchRow(r));
}

/**
 * A batch of codes, answered once; the audit keeps the batch and its size, never a code. One transaction on the
 * asynchronous store (decision 0434), its codes made as a batch job's chunk is.
 */
export function createBatchAudited(
  db: Db,
  secret: string,
  actor: Actor,
  planId: string,
  count: number,
  now: number,
): Promise<{ batch: CodeBatch; codes: string[] }> {
  const batchId = newBatchId();
  return transactionally(db, function* () {
    const plan = yield* query(
      db.kysely.selectFrom('plans').select('plan_id').where('plan_id', '=', planId).compile(),
    );
    if (plan.rows.length === 0) throw new DomainError(OperatorErrCode.NOT_FOUND, `No plan ${planId}`);
    const codes = yield* newRechargeCodes(db, secret, planId, batchId, count, now);
    const batch = yield* batchIn(db, batchId);
    yield* query(auditStatement(db, actor, 'codes.create', batchId, { after: batch }, now));
    return { batch, codes };
  });
}

/** Voids a batch's unredeemed codes, or one code of it (by its digits, hashed as stored). */
export function voidAudited(
  db: Db,
  secret: string,
  actor: Actor,
  batchId: string,
  code: string | undefined,
  now: number,
): Promise<{ batch: CodeBatch; voided: number }> {
  return transactionally(db, function* () {
    const before = yield* batchIn(db, batchId);
    let voiding = db.kysely
      .updateTable('recharge_codes')
      .set({ voided_at: now })
      .where('batch_id', '=', batchId)
      .where('redeemed_at', 'is', null)
      .where('voided_at', 'is', null);
    if (code) voiding = voiding.where('code_hash', '=', rechargeCodeHash(secret, code));
    const voided = Number((yield* query(voiding.compile())).numAffectedRows);
    if (code && voided === 0) {
      throw new DomainError(
        OperatorErrCode.NOT_FOUND,
        'That code is not in this batch, or it was redeemed or voided already',
      );
    }
    const batch = yield* batchIn(db, batchId);
    // The audit names the code by its last 4 digits only, as a receipt would.
    const target = code ? `${batchId} …${code.slice(-4)}` : batchId;
    const action = code ? 'codes.voidCode' : 'codes.voidBatch';
    yield* query(auditStatement(db, actor, action, target, { before, after: batch }, now));
    return { batch, voided };
  });
}

/** How the console names an account: its email, else its phone, else its virtual code. */
export function accountLabel(a: AccountRow): string {
  return a.email || (a.phone ? `${a.phone_pre_code ?? ''} ${a.phone}`.trim() : '') || a.virtual_code;
}

/** Who redeemed the batch's codes and when, newest first: the redeemers' accounts read at once. */
export async function batchRedemptions(db: Db, batchId: string) {
  if (!(await batchExists(db, batchId))) throw noBatch(batchId);
  const redeemed = await listRedemptions(db, { batchId });
  const ids = [...new Set(redeemed.map((r) => r.redeemed_by))];
  const accounts =
    ids.length === 0
      ? []
      : await db.kysely.selectFrom('accounts').selectAll().where('account_id', 'in', ids).execute();
  const label = new Map(accounts.map((a) => [a.account_id, accountLabel(a)]));
  return redeemed.map((r) => ({
    accountId: r.redeemed_by,
    who: label.get(r.redeemed_by) ?? r.redeemed_by,
    redeemedAt: r.redeemed_at,
  }));
}

export async function subscriberHistory(db: Db, accountId: string, lang = 'en') {
  if (!(await accountNow(db, accountId)))
    throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${accountId}`);
  return {
    changes: (await listAudit(db, { target: accountId, limit: 100 })).entries,
    redemptions: (await listRedemptions(db, { accountId })).map((r) => ({
      batchId: r.batch_id,
      planId: r.plan_id,
      redeemedAt: r.redeemed_at,
    })),
    plays: await recentPlays(db, accountId, lang),
  };
}

const KEYS = Object.keys(consoleSettingsSchema.shape) as Array<keyof ConsoleSettings>;

const pickConsoleSettings = (s: Awaited<ReturnType<typeof settingsValuesNow>>) =>
  Object.fromEntries(KEYS.map((k) => [k, s[k]])) as ConsoleSettings;

/** The console's settings, from the kept settings: the console's settings screen. */
export const consoleSettingsNow = async (db: Db): Promise<ConsoleSettings> =>
  pickConsoleSettings(await settingsValuesNow(db));

/**
 * Stores the changed settings through the one validated rule the CLI uses; audits only what changed, in the same
 * transaction on the asynchronous store (decision 0434).
 */
export function updateSettingsAudited(
  db: Db,
  actor: Actor,
  change: Partial<ConsoleSettings>,
  now: number,
): Promise<ConsoleSettings> {
  return transactionally(db, function* () {
    const before = pickConsoleSettings(yield* settingsIn(db));
    const changed = KEYS.filter((k) => change[k] !== undefined && change[k] !== before[k]);
    for (const k of changed) yield* query(settingStatement(db, k, String(change[k])));
    const after = pickConsoleSettings(yield* settingsIn(db));
    if (changed.length > 0) {
      const pick = (s: ConsoleSettings) => Object.fromEntries(changed.map((k) => [k, s[k]]));
      const what = { before: pick(before), after: pick(after) };
      yield* query(auditStatement(db, actor, 'settings.update', changed.join(','), what, now));
    }
    return after;
  });
}
