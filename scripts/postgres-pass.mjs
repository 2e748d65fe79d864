#!/usr/bin/env node
// The server suite's second pass, on PostgreSQL (decision 0275): only the test files that opened a store in the
// SQLite pass (their names noted in the store-use list by store/db.ts), since the rest run the same code on either
// engine (decision 0361). A file whose head says `// Store engine: SQLite only`, with its reason, is left out too
// (decision 0368): what it proves is not the store's, and the store calls it makes run on PostgreSQL elsewhere.
// Without the list (a pass run alone) it takes the whole server suite, as before.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORE_USE_LOG } from './test-paths.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const SQLITE_ONLY = /^\/\/ Store engine: SQLite only\b/m;
const list = join(root, STORE_USE_LOG);
const opened = existsSync(list)
  ? [
      ...new Set(
        readFileSync(list, 'utf8')
          .split('\n')
          .filter((f) => /\.test\.tsx?$/.test(f) && existsSync(join(root, f))),
      ),
    ].sort()
  : undefined;
const sqliteOnly = (opened ?? []).filter((f) => SQLITE_ONLY.test(readFileSync(join(root, f), 'utf8')));
const files = opened ? opened.filter((f) => !sqliteOnly.includes(f)) : ['packages/server'];
console.log(
  opened
    ? `postgres pass: ${files.length} files that open a store (and ${sqliteOnly.length} SQLite only: ${sqliteOnly.map((f) => f.replace(/.*\//, '')).join(', ')})`
    : 'postgres pass: the whole server suite',
);
const args = ['vitest', 'run', ...files, '--reporter=default', '--reporter=json'];
args.push('--outputFile.json=.data/reports/vitest-postgres.json');
const child = spawn(process.execPath, ['scripts/with-postgres.mjs', ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
