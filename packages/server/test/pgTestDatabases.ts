// Every test file's setup (vitest `setupFiles`). In the server suite's PostgreSQL run (OTTKIT_DATABASE_PER_FILE=1,
// decision 0275) each database a test opens is a schema or a clone of the migrated template, tagged with this
// file's tag (`COMMENT ON`, see store/pg/worker.ts). When the file ends they are dropped, so the run's PostgreSQL
// holds only the files running now instead of every clone of the run until its folder is removed (issue 19).
import { randomBytes } from 'node:crypto';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

// The file that runs, for the store's note of which files open one (store/db.ts, OTTKIT_STORE_USE_LOG): the test
// run's PostgreSQL pass takes only those (docs/testing.md). Inherited by the servers and commands the file starts.
const testPath = expect.getState().testPath;
if (testPath) process.env.OTTKIT_TEST_FILE = relative(process.cwd(), testPath);

const url = process.env.OTTKIT_DATABASE_URL;
if (url && process.env.OTTKIT_DATABASE_PER_FILE === '1') {
  const tag = `ottkit-test:${process.pid}:${randomBytes(6).toString('hex')}`;
  // Inherited by the file's servers and by the command-line child processes it starts.
  process.env.OTTKIT_TEST_DB_TAG = tag;
  afterAll(async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const tagged = (kind: 'pg_database' | 'pg_namespace', name: 'datname' | 'nspname') =>
        admin
          .query<{ name: string }>(
            `SELECT o.${name} AS name FROM ${kind} o JOIN pg_${kind === 'pg_database' ? 'shdescription' : 'description'} d
               ON d.objoid = o.oid AND d.classoid = '${kind}'::regclass WHERE d.description = $1`,
            [tag],
          )
          .then((r) => r.rows.map((x) => x.name));
      // Names are ours (f_<hash>, m_<pid>_<hex>); quoted as identifiers all the same.
      const id = (n: string) => `"${n.replaceAll('"', '""')}"`;
      // FORCE: a server the file left open still holds a connection; the file is over.
      for (const db of await tagged('pg_database', 'datname'))
        await admin.query(`DROP DATABASE IF EXISTS ${id(db)} WITH (FORCE)`);
      for (const schema of await tagged('pg_namespace', 'nspname'))
        await admin.query(`DROP SCHEMA IF EXISTS ${id(schema)} CASCADE`);
    } finally {
      await admin.end();
    }
  });
}
