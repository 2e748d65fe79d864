import { contract, ErrCode } from '@ottkit/api-client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePostgres, type RunningPostgres, startPostgres } from '../src/cluster/postgres.mjs';
import { createServer } from '../src/app.ts';
import { freePort } from '../src/shared/redisServer.ts';
import type { Db } from '../src/store/db.ts';
import { DatabaseUnavailableError, openPgDb } from '../src/store/pg/syncPg.ts';
import { registerEmail, startServer, type TestServer } from './helpers.ts';

/**
 * PostgreSQL faults (issue 19, decision 0275), on a PostgreSQL this file starts itself (whichever engine the rest
 * of the run uses): down at start refuses with words naming OTTKIT_DATABASE_URL; down while running answers the
 * server-error envelope at once and recovers by itself; an acknowledged write survives a crash of the server.
 */
let dir: string;
let pg: RunningPostgres;
const saved = {
  url: process.env.OTTKIT_DATABASE_URL,
  perFile: process.env.OTTKIT_DATABASE_PER_FILE,
  template: process.env.OTTKIT_DATABASE_TEMPLATE,
  seeded: process.env.OTTKIT_DATABASE_SEEDED,
};

beforeAll(async () => {
  ensurePostgres();
  dir = mkdtempSync(join(tmpdir(), 'ottkit-pgfault-'));
  pg = startPostgres(dir, await freePort());
  process.env.OTTKIT_DATABASE_URL = pg.url;
  process.env.OTTKIT_DATABASE_PER_FILE = '1';
  // The suite run's migrated template lives in the suite's PostgreSQL, not in this one.
  delete process.env.OTTKIT_DATABASE_TEMPLATE;
  delete process.env.OTTKIT_DATABASE_SEEDED;
});

afterAll(() => {
  process.env.OTTKIT_DATABASE_URL = saved.url;
  process.env.OTTKIT_DATABASE_PER_FILE = saved.perFile;
  if (saved.url === undefined) delete process.env.OTTKIT_DATABASE_URL;
  if (saved.perFile === undefined) delete process.env.OTTKIT_DATABASE_PER_FILE;
  if (saved.template !== undefined) process.env.OTTKIT_DATABASE_TEMPLATE = saved.template;
  if (saved.seeded !== undefined) process.env.OTTKIT_DATABASE_SEEDED = saved.seeded;
  pg?.stop('immediate');
  rmSync(dir, { recursive: true, force: true });
});

describe('PostgreSQL store faults', () => {
  it('refuses to start when PostgreSQL does not answer, naming OTTKIT_DATABASE_URL and how to start it', async () => {
    const nobody = await freePort();
    process.env.OTTKIT_DATABASE_URL = `postgres://ottkit:secret@127.0.0.1:${nobody}/ottkit`;
    try {
      expect(() => createServer({ config: { dataDir: join(dir, 'nobody'), port: 0 } })).toThrow(
        /PostgreSQL at postgres:\/\/ottkit:\*\*\*@127\.0\.0\.1:\d+\/ottkit \(OTTKIT_DATABASE_URL\) cannot be reached.*Start PostgreSQL/,
      );
    } finally {
      process.env.OTTKIT_DATABASE_URL = pg.url;
    }
  });

  it('answers the server-error envelope while PostgreSQL is down, then recovers by itself', async () => {
    let server: TestServer | undefined;
    try {
      server = await startServer();
      const t = server;
      expect((await registerEmail(t, 'pg-fault@example.com')).body.errCode).toBe(0);
      const login = () =>
        t.post(contract.account.login.path, {
          loginInfo: { email: 'pg-fault@example.com', password: 'secret123' },
        });
      const signedIn = await login();
      expect(signedIn.body.errCode).toBe(0);
      // A signed-in call: its session is read through the asynchronous store's pool (decision 0407).
      const token = (signedIn.body.data as { tokens: { token: string } }).tokens.token;
      const channels = () => t.post(contract.live.channelList.path, {}, { authorization: `Bearer ${token}` });
      expect((await channels()).body.errCode).toBe(0);
      pg.stop('fast');
      const started = Date.now();
      for (const down of [await login(), await channels()]) {
        expect(down.status).toBe(500);
        expect(down.body.errCode).toBe(ErrCode.INTERNAL);
        expect(down.body.errMsg).toBe('Internal server error');
      }
      // No hang: a refused connection answers at once, far under the client's 50 s.
      expect(Date.now() - started).toBeLessThan(20_000);
      pg.start();
      expect((await login()).body.errCode).toBe(0);
      expect((await channels()).body.errCode).toBe(0);
    } finally {
      await server?.close();
    }
  });

  it('ends a query that does not answer in time with a typed error, and the next query works', () => {
    process.env.OTTKIT_DATABASE_TIMEOUT_MS = '1000';
    const db = openPgDb(pg.url, ':memory:');
    delete process.env.OTTKIT_DATABASE_TIMEOUT_MS;
    try {
      expect(() => db.get('SELECT pg_sleep(5)')).toThrow(DatabaseUnavailableError);
      expect(db.get('SELECT 1 AS one')).toEqual({ one: 1 });
    } finally {
      db.close();
    }
  });

  it('keeps an acknowledged write across a crash and restart of PostgreSQL', () => {
    const db: Db = openPgDb(pg.url, join(dir, 'durable', 'ottkit.db'));
    try {
      db.exec('CREATE TABLE kept (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
      db.transaction(() => db.run('INSERT INTO kept (k, v) VALUES (?, ?)', 'a', 1_780_000_000_000));
      pg.stop('immediate');
      expect(() => db.get('SELECT v FROM kept WHERE k = ?', 'a')).toThrow(/unavailable/);
      pg.start();
      expect(db.get('SELECT v FROM kept WHERE k = ?', 'a')).toEqual({ v: 1_780_000_000_000 });
    } finally {
      db.close();
    }
  });
});
