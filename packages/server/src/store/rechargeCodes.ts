import type { Db } from './db.ts';

export interface RechargeCodeRow {
  code_hash: string;
  plan_id: string;
  batch_id: string;
  created_at: number;
  redeemed_at: number | null;
  redeemed_by: string | null;
}

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

/** Spends a code; false when it was spent already (also by a concurrent request). */
export function redeemRechargeCode(db: Db, codeHash: string, accountId: string, now: number): boolean {
  return (
    db.run(
      'UPDATE recharge_codes SET redeemed_at = ?, redeemed_by = ? WHERE code_hash = ? AND redeemed_at IS NULL',
      now,
      accountId,
      codeHash,
    ).changes === 1
  );
}

export function batchSummary(
  db: Db,
): Array<{ batch_id: string; plan_id: string; total: number; redeemed: number }> {
  return db.all(
    `SELECT batch_id, plan_id, COUNT(*) AS total, COUNT(redeemed_at) AS redeemed
     FROM recharge_codes GROUP BY batch_id, plan_id ORDER BY batch_id`,
  );
}
