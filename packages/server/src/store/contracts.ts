import type { Selectable } from 'kysely';
import type { ContractsTable } from './kysely/schema.generated.ts';
import type { Db } from './db.ts';

export type ContractRow = Selectable<ContractsTable>;

/** The latest version of each policy (highest seq). */
export function latestContracts(db: Db): ContractRow[] {
  return db.all<ContractRow>(
    `SELECT c.* FROM contracts c
     WHERE c.seq = (SELECT MAX(x.seq) FROM contracts x WHERE x.policy_id = c.policy_id)
     ORDER BY c.policy_id`,
  );
}

export function getContract(db: Db, policyId: string, version?: string): ContractRow | undefined {
  return version
    ? db.get<ContractRow>(
        'SELECT * FROM contracts WHERE policy_id = ? AND contract_version = ?',
        policyId,
        version,
      )
    : db.get<ContractRow>('SELECT * FROM contracts WHERE policy_id = ? ORDER BY seq DESC LIMIT 1', policyId);
}

export function insertContract(db: Db, c: ContractRow): void {
  db.run(
    `INSERT INTO contracts (policy_id, contract_version, seq, title, content, must_sign, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    c.policy_id,
    c.contract_version,
    c.seq,
    c.title,
    c.content,
    c.must_sign,
    c.published_at,
  );
}

export function signedVersions(db: Db, accountId: string): Set<string> {
  return new Set(
    db
      .all<{ policy_id: string; contract_version: string }>(
        'SELECT policy_id, contract_version FROM contract_signatures WHERE account_id = ?',
        accountId,
      )
      .map((r) => `${r.policy_id}@${r.contract_version}`),
  );
}

/** Records a signature; signing again keeps the first time. Returns when it was signed. */
export function sign(db: Db, accountId: string, policyId: string, version: string, now: number): number {
  db.run(
    `INSERT INTO contract_signatures (account_id, policy_id, contract_version, signed_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, policy_id, contract_version) DO NOTHING`,
    accountId,
    policyId,
    version,
    now,
  );
  return (
    db.get<{ signed_at: number }>(
      'SELECT signed_at FROM contract_signatures WHERE account_id = ? AND policy_id = ? AND contract_version = ?',
      accountId,
      policyId,
      version,
    )?.signed_at ?? now
  );
}
