import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.generated.ts';

/**
 * Kysely over the store's own node:sqlite connection (decision 0407): the same file handle, the same prepared
 * statements, so a row the synchronous store wrote is the row Kysely reads, with no second connection to lock
 * against. node:sqlite answers at once; Kysely's driver takes one query at a time on it.
 */
export function sqliteKysely(prepare: (sql: string) => StatementSync): Kysely<Database> {
  const database: SqliteDatabase = {
    // The store closes the file (Db.close); Kysely's destroy leaves it alone.
    close() {},
    prepare(sql) {
      // While the synchronous store shares this connection, a transaction opened here would take in the writes
      // other requests make between its awaits: a write that needs one stays on Db.transaction until its whole
      // area has moved (decision 0407). Said here rather than found as a corrupt transaction.
      if (/^\s*begin\b/i.test(sql)) {
        throw new Error(
          'No Kysely transaction on SQLite while the synchronous store shares it: use Db.transaction',
        );
      }
      const s = prepare(sql);
      const args = (p: ReadonlyArray<unknown>) => p as Parameters<StatementSync['all']>;
      return {
        // A statement that answers rows (a SELECT, or a write with RETURNING).
        reader: s.columns().length > 0,
        all: (p) => s.all(...args(p)),
        run: (p) => s.run(...args(p)),
        iterate: (p) => s.iterate(...args(p)),
      };
    },
  };
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

export type { DatabaseSync };
