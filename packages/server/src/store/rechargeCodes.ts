import type { CompiledQuery, Selectable } from 'kysely';
import type { RechargeCodesTable } from './kysely/schema.generated.ts';
import type { Db } from './db.ts';

export type RechargeCodeRow = Selectable<RechargeCodesTable>;

export function insertRechargeCode(
  db: Db,
  codeHash: string,
  planId: string,
  batchId: string,
  now: number,
): void {
  db.run(
    'INSERT INTO recharge_codes (code_hash, plan_id, batch_id, created_at) VALUES (?, ?, ?, ?)',
    codeHash,
    planId,
    batchId,
    now,
  );
}

export function getRechargeCode(db: Db, codeHash: string): RechargeCodeRow | undefined {
  return db.get<RechargeCodeRow>('SELECT * FROM recharge_codes WHERE code_hash = ?', codeHash);
}

/** The code's row, on the asynchronous store (a redeeming viewer waits on nothing else's query). */
export function rechargeCodeOf(db: Db, codeHash: string): Promise<RechargeCodeRow | undefined> {
  return db.kysely
    .selectFrom('recharge_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/**
 * Spends a code, as a statement of the redeeming transaction: its row when spent now, none when it was spent or
 * voided already (also by a request on another process at the same moment: the condition is checked by the
 * update itself, under the row's lock).
 */
export function spendRechargeCode(
  db: Db,
  codeHash: string,
  accountId: string,
  now: number,
): CompiledQuery<{ code_hash: string }> {
  return db.kysely
    .updateTable('recharge_codes')
    .set({ redeemed_at: now, redeemed_by: accountId })
    .where('code_hash', '=', codeHash)
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .returning('code_hash')
    .compile();
}

export function batchSummary(
  db: Db,
): Array<{ batch_id: string; plan_id: string; total: number; redeemed: number }> {
  return db.all(
    `SELECT batch_id, plan_id, COUNT(*) AS total, COUNT(redeemed_at) AS redeemed
     FROM recharge_codes GROUP BY batch_id, plan_id ORDER BY batch_id`,
  );
}

export interface BatchRow {
  batch_id: string;
  plan_id: string;
  created_at: number;
  total: number;
  redeemed: number;
  voided: number;
}

/** Batches with their redeemed and voided counts (a redeemed code is never counted as voided). */
export const batchesOf = (db: Db) =>
  db.kysely
    .selectFrom('recharge_codes')
    .select((eb) => [
      'batch_id',
      'plan_id',
      eb.fn.min('created_at').as('created_at'),
      eb.fn.countAll().as('total'),
      eb.fn.count('redeemed_at').as('redeemed'),
      eb.fn.count(eb.case().when('redeemed_at', 'is', null).then(eb.ref('voided_at')).end()).as('voided'),
    ])
    .groupBy(['batch_id', 'plan_id']);

/** A row of `batchesOf`: PostgreSQL's counts are bigints, which `pg` answers as text. */
export const batchRow = (r: Record<keyof BatchRow, unknown>): BatchRow => ({
  batch_id: String(r.batch_id),
  plan_id: String(r.plan_id),
  created_at: Number(r.created_at),
  total: Number(r.total),
  redeemed: Number(r.redeemed),
  voided: Number(r.voided),
});

/** Batches newest first, on the asynchronous store: the console's codes screen. */
export async function listBatches(db: Db): Promise<BatchRow[]> {
  const rows = await batchesOf(db).orderBy('created_at', 'desc').orderBy('batch_id').execute();
  return rows.map(batchRow);
}

/** Redeemed codes of a batch (who and when), or of an account; newest first. On the asynchronous store. */
export function listRedemptions(db: Db, by: { batchId: string } | { accountId: string }) {
  const [column, value] =
    'batchId' in by ? (['batch_id', by.batchId] as const) : (['redeemed_by', by.accountId] as const);
  return db.kysely
    .selectFrom('recharge_codes')
    .select(['batch_id', 'plan_id', 'redeemed_at', 'redeemed_by'])
    .where(column, '=', value)
    .where('redeemed_at', 'is not', null)
    .orderBy('redeemed_at', 'desc')
    .limit(500)
    .execute() as Promise<
    Array<{ batch_id: string; plan_id: string; redeemed_at: number; redeemed_by: string }>
  >;
}

/** Whether the batch has codes, on the asynchronous store. */
export async function batchExists(db: Db, batchId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('recharge_codes')
    .select('batch_id')
    .where('batch_id', '=', batchId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
