// Test run: about 36 s (scripts/vitest-sequencer.ts starts it early)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePostgres, type RunningPostgres, startPostgres } from '../src/cluster/postgres.mjs';
import { freePort } from '../src/shared/redisServer.ts';
import type { Db } from '../src/store/db.ts';
import { migrate } from '../src/store/migrations.ts';
import { openPgDb } from '../src/store/pg/syncPg.ts';
import { startJobProcess, until } from './jobProcesses.ts';

/**
 * Operator jobs in a cluster (issue 19, decision 0315), on a PostgreSQL of this file's own and three server
 * processes over it: a code batch on A whose chunk waits on the database is left alone when B and C start beside
 * it; after kill -9 of A, exactly one of B and C takes it over once A's lease ran out, and the batch ends once, with exactly the codes
 * asked for.
 */
const LEASE_MS = 4000;
const CODES = 60_000;
const fixture = fileURLToPath(new URL('./jobProcess.ts', import.meta.url));
let dir: string;
let pg: RunningPostgres;
let url: string;
let db: Db;
const children: ChildProcess[] = [];

/** Starts a server process; resolves once it printed `ready`. */
const start = (args: string[] = []) =>
  startJobProcess(
    fixture,
    args,
    {
      ...process.env,
      OTTKIT_DATABASE_URL: url,
      // One database for all of them, never a test schema or clone (decision 0275).
      OTTKIT_DATABASE_PER_FILE: '',
      OTTKIT_DATABASE_TEMPLATE: '',
      OTTKIT_DATABASE_SEEDED: '',
      OTTKIT_DATA_DIR: join(dir, 'data'),
      OTTKIT_SECRET: secret,
      OTTKIT_JOB_LEASE_MS: String(LEASE_MS),
    },
    children,
  );

const secret = randomBytes(32).toString('hex');
const job = (id: string) =>
  db.get<{ status: string; owner: string; error: string }>(
    'SELECT status, owner, error FROM operator_jobs WHERE job_id = ?',
    id,
  );
const made = (id: string) =>
  db.get<{ made: number }>('SELECT made FROM code_batch_jobs WHERE job_id = ?', id)?.made ?? 0;

beforeAll(async () => {
  ensurePostgres();
  dir = mkdtempSync(join(tmpdir(), 'ottkit-cluster-jobs-'));
  pg = startPostgres(join(dir, 'pg'), await freePort(), { durable: false });
  url = pg.database('ottkit');
  db = openPgDb(url, 'cluster-jobs', false);
  // Migrated here first: the test locks a table of it before the first process starts.
  migrate(db);
}, 120_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  db?.close();
  pg?.stop('immediate');
  rmSync(dir, { recursive: true, force: true });
});

describe('operator jobs over several processes (decision 0315)', () => {
  it('leaves a live process’s job alone while its query waits, and after kill -9 one other process finishes it exactly once', async () => {
    // The batch's chunks wait on a lock this test holds (code batches make about 20,000 codes a second on the
    // asynchronous store, decision 0434: no batch outlasts the starts of B and C unheld). A's job waits on the
    // database, as a slow query would, while its process beats its lease: a live job, however slow, is its own.
    db.exec('BEGIN');
    db.exec('LOCK TABLE code_batch_exports IN SHARE MODE');
    const a = await start([String(CODES)]);
    const id = a.job as string;
    await until('A holding the batch', () => job(id)?.owner === a.owner, 60_000);
    // Both at once, as the cluster command starts its processes after the first: their migration checks take
    // turns (PostgreSQL refused two at the same instant, 'tuple concurrently updated', before they did).
    const [b, c] = await Promise.all([start(), start()]);
    // Both have swept at start and then every half lease; A's job is still A's, unfinished, its lease renewed.
    await new Promise((r) => setTimeout(r, 2 * LEASE_MS));
    expect(job(id)).toMatchObject({ status: 'queued', owner: a.owner });
    expect(made(id)).toBe(0);
    for (const p of [b, c]) expect(p.lines.filter((l) => l.includes(id))).toEqual([]);

    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    // Its waiting chunk dies with its connection; the codes can be made again.
    db.exec('COMMIT');
    const taker = await until(
      'another process taking the batch over',
      () => {
        const o = job(id)?.owner;
        return o && o !== a.owner && o;
      },
      60_000,
    );
    console.log(`jobs: ${id} taken over ${Date.now() - killedAt} ms after kill -9 (lease ${LEASE_MS} ms)`);
    expect([b.owner, c.owner]).toContain(taker);
    await until('the batch finished', () => job(id)?.status === 'succeeded', 120_000);
    // Exactly one process continued it, and the batch has exactly the codes asked for, each sealed once.
    const told = [b, c].flatMap((p) =>
      p.lines.filter((l) => l.includes(`${id} of a stopped process continues here`)),
    );
    expect(told).toHaveLength(1);
    const batch = db.get<{ batch_id: string; made: number }>(
      'SELECT batch_id, made FROM code_batch_jobs WHERE job_id = ?',
      id,
    );
    expect(batch?.made).toBe(CODES);
    const batchId = batch?.batch_id ?? '';
    expect(
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM recharge_codes WHERE batch_id = ?', batchId)?.n,
    ).toBe(CODES);
    expect(
      db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM operator_audit WHERE action = 'codes.create' AND target = ?",
        batchId,
      )?.n,
    ).toBe(1);
  }, 300_000);
});
