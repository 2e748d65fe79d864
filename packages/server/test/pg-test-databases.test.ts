// Test run: about 11 s (scripts/vitest-sequencer.ts starts it early)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePostgres, postgresBin } from '../src/cluster/postgres.mjs';

/**
 * The PostgreSQL run's test databases are dropped when their test file ends (issue 19): a run of
 * scripts/with-postgres.mjs over one test file that opens a clone and a schema and leaves them open; right after
 * vitest ends, before with-postgres stops its PostgreSQL, neither is there any more.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'ottkit-pg-drop-out-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('test databases of the PostgreSQL run', () => {
  it('are dropped when their test file ends, not only when the run’s folder goes', () => {
    ensurePostgres();
    const psql = join(postgresBin() as string, 'psql');
    const names = join(out, 'names');
    const left = join(out, 'left');
    const list = `${psql} "$OTTKIT_DATABASE_URL" -Atc "SELECT datname FROM pg_database UNION ALL SELECT nspname FROM pg_namespace" > ${left}`;
    const vitest = join(root, 'node_modules', '.bin', 'vitest');
    const run = spawnSync(
      process.execPath,
      [
        'scripts/with-postgres.mjs',
        'sh',
        '-c',
        `${vitest} run -c packages/server/test/fixtures/pg-drop/vitest.config.ts && ${list}`,
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, OTTKIT_FIXTURE_OUT: names, OTTKIT_DATABASE_URL: '' },
        // As root, psql runs as root against trust auth on loopback: fine.
      },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const [clone, schema] = readFileSync(names, 'utf8').trim().split('\n');
    const present = readFileSync(left, 'utf8').split('\n');
    // The run's own templates stay until the run ends; the file's databases are gone.
    expect(present).toContain('ottkit_migrated');
    expect(present).not.toContain(clone);
    expect(present).not.toContain(schema);
  }, 300_000);
});
