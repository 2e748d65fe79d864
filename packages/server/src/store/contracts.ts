import type { Selectable } from 'kysely';
import type { ContractsTable } from './kysely/schema.generated.ts';
import type { Db } from './db.ts';

export type ContractRow = Selectable<ContractsTable>;

// A viewer's contracts are read and signed on the asynchronous store (the sign-up's terms, decision 0432).

/** The latest version of each policy (highest seq). */
export function latestContracts(db: Db): Promise<ContractRow[]> {
  return db.kysely
    .selectFrom('contracts as c')
    .selectAll('c')
    .where('c.seq', '=', (eb) =>
      eb
        .selectFrom('contracts as x')
        .select((x) => x.fn.max('x.seq').as('m'))
        .whereRef('x.policy_id', '=', 'c.policy_id'),
    )
    .orderBy('c.policy_id')
    .execute();
}

/** A policy's version, or its latest. */
export function getContract(db: Db, policyId: string, version?: string): Promise<ContractRow | undefined> {
  return db.kysely
    .selectFrom('contracts')
    .selectAll()
    .where('policy_id', '=', policyId)
    .$if(version !== undefined, (q) => q.where('contract_version', '=', version ?? ''))
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
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

export async function signedVersions(db: Db, accountId: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom('contract_signatures')
    .select(['policy_id', 'contract_version'])
    .where('account_id', '=', accountId)
    .execute();
  return new Set(rows.map((r) => `${r.policy_id}@${r.contract_version}`));
}

/** Records a signature; signing again keeps the first time. Returns when it was signed. */
export async function sign(
  db: Db,
  accountId: string,
  policyId: string,
  version: string,
  now: number,
): Promise<number> {
  const k = db.kysely;
  const key = { account_id: accountId, policy_id: policyId, contract_version: version };
  await k
    .insertInto('contract_signatures')
    .values({ ...key, signed_at: now })
    .onConflict((c) => c.columns(['account_id', 'policy_id', 'contract_version']).doNothing())
    .execute();
  const row = await k
    .selectFrom('contract_signatures')
    .select('signed_at')
    .where('account_id', '=', accountId)
    .where('policy_id', '=', policyId)
    .where('contract_version', '=', version)
    .executeTakeFirst();
  return row?.signed_at ?? now;
}
