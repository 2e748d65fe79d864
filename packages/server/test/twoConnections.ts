import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '../src/store/db.ts';
import { migrate } from '../src/store/migrations.ts';

/**
 * A migrated store that `prepare` fills, and a second connection to it (another process, or the operator CLI),
 * both closed after `use`. On PostgreSQL (the PostgreSQL pass) both are connections to the file's database.
 */
export async function twoConnections(
  prepare: (db: Db) => void,
  use: (one: Db, other: Db) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-two-'));
  const one = openDb(join(dir, 'ottkit.db'));
  let other: Db | undefined;
  try {
    migrate(one);
    prepare(one);
    other = openDb(join(dir, 'ottkit.db'));
    await use(one, other);
  } finally {
    // Also when `prepare` failed: the folder and the connections do not outlive the test.
    other?.close();
    one.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
