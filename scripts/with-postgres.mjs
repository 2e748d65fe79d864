#!/usr/bin/env node
// Runs a command against a PostgreSQL of its own (decision 0275): `node scripts/with-postgres.mjs vitest run ...`.
// The server starts on a temporary folder and a free loopback port, every database the tests open gets its own
// schema (OTTKIT_DATABASE_PER_FILE), or a clone of a migrated template database when it migrates the full list
// (OTTKIT_DATABASE_TEMPLATE); each test file drops the databases it made when it ends, the run drops the rest, and
// the server and its folder are gone afterwards, whatever the outcome.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePostgres, startPostgres } from '../packages/server/src/cluster/postgres.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

ensurePostgres();
const dir = mkdtempSync(join(tmpdir(), 'ottkit-pg-'));
const pg = startPostgres(dir, await freePort(), { durable: false });
const cleanUp = () => {
  // The template, its seeded copy and any test database a file left (each file drops its own when it ends:
  // packages/server/test/pgTestDatabases.ts): dropped, not only gone with the folder below.
  try {
    for (const name of pg.databases()) pg.drop(name);
  } catch (err) {
    console.error(`with-postgres: ${err.message}`);
  }
  pg.stop('immediate');
  rmSync(dir, { recursive: true, force: true });
};
// Migrated once, and seeded once: every test database that migrates the full list starts as a clone of one of
// them (a file copy where every migration's DDL and the sample data's inserts took seconds per test server).
const TEMPLATE = 'ottkit_migrated';
const made = spawnSync(process.execPath, ['packages/server/test/pgTemplate.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
  env: {
    ...process.env,
    OTTKIT_DATABASE_URL: pg.url,
    OTTKIT_DATABASE_PER_FILE: '',
    OTTKIT_DATABASE_TEMPLATE: TEMPLATE,
  },
});
if (made.status !== 0) {
  cleanUp();
  process.exit(1);
}
const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    OTTKIT_DATABASE_URL: pg.url,
    OTTKIT_DATABASE_PER_FILE: '1',
    OTTKIT_DATABASE_TEMPLATE: TEMPLATE,
    OTTKIT_DATABASE_SEEDED: made.stdout.trim().split('\n').at(-1),
  },
});
// Stopped from outside (Ctrl-C, a time limit): pass it on, and still stop PostgreSQL and remove its folder.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  console.error(`with-postgres: ${err.message}`);
  cleanUp();
  process.exit(1);
});
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
