import type { Migration } from '../migrations.ts';

/** Sequence-numbered tables that processes write to at once, outside the synchronous store's global lock. */
const SEQUENCED = ['operator_audit', 'outbox'] as const;

// Issue 39, decision 0432. On PostgreSQL a table's `INTEGER PRIMARY KEY` got SQLite's "max + 1" from a trigger
// (store/pg/dialect.ts). Two transactions that insert at once both read the same max, and the second fails on
// the key once the first commits: harmless while every write took the cluster's advisory lock, wrong now that an
// audited change or a queued message is written by the asynchronous store beside others. A sequence hands each
// insert its own number, whoever else inserts. SQLite's own rowid does that already: nothing changes there.
export const concurrentWriteMigrations: Migration[] = [
  {
    version: 539,
    name: 'sequences-for-concurrent-inserts',
    sql: '',
    postgres: SEQUENCED.map(
      (t) => `DROP TRIGGER IF EXISTS ${t}_rowid ON ${t};
CREATE SEQUENCE ${t}_seq OWNED BY ${t}.seq;
SELECT setval('${t}_seq', (SELECT COALESCE(MAX(seq), 0) + 1 FROM ${t}), false);
ALTER TABLE ${t} ALTER COLUMN seq SET DEFAULT nextval('${t}_seq');`,
    ).join('\n'),
  },
];
