import type { Db } from '../src/store/db.ts';

/**
 * Holds one viewer's history row of `metaId` locked (`FOR UPDATE`, on another connection of the pool) while
 * `whileHeld` runs, as a slow writer would: a progress report for that row waits meanwhile. PostgreSQL only (SQLite
 * has no row locks). Used by store-async.test.ts and bench/slow-query.ts.
 */
export function holdHistoryRow(db: Db, metaId: string, whileHeld: () => Promise<unknown>): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.selectFrom('vod_history').select('meta_id').where('meta_id', '=', metaId).forUpdate().execute();
    await whileHeld();
  });
}
