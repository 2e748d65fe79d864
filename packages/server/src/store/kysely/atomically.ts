import type { CompiledQuery } from 'kysely';
import type { Db, SqlValue } from '../db.ts';

/**
 * Runs statements Kysely compiled for this store as one transaction, answering each one's count of changed rows
 * (decision 0407). For a write of several statements that do not read each other's results (a telemetry batch):
 * - on PostgreSQL, a Kysely transaction on a pool connection: no other request waits, and no advisory lock (one
 *   statement is sent alone);
 * - on SQLite, one `Db.transaction` on the shared connection, all statements at once with no await between them,
 *   so no other request's write can fall inside it (the reason Kysely's own transactions are refused there).
 */
export async function atomically(db: Db, queries: CompiledQuery[]): Promise<number[]> {
  if (db.engine !== 'postgres') {
    return db.transaction(() => queries.map((q) => db.run(q.sql, ...(q.parameters as SqlValue[])).changes));
  }
  // One statement is atomic by itself: no BEGIN and COMMIT around it, a round trip instead of three (a player's
  // batch of `watching` reports alone is one upsert, decision 0419).
  const [only] = queries;
  if (only && queries.length === 1)
    return [Number((await db.kysely.executeQuery(only)).numAffectedRows ?? 0)];
  return db.kysely.transaction().execute(async (trx) => {
    const changed: number[] = [];
    for (const q of queries) changed.push(Number((await trx.executeQuery(q)).numAffectedRows ?? 0));
    return changed;
  });
}
