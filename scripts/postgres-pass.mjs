#!/usr/bin/env node
// The server suite's second pass, on PostgreSQL (decision 0275): only the test files that opened a store in the
// SQLite pass (their names noted in the store-use list by store/db.ts), since the rest run the same code on either
// engine (decision 0361). Without the list (a pass run alone) it takes the whole server suite, as before.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORE_USE_LOG } from './test-paths.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const list = join(root, STORE_USE_LOG);
const files = existsSync(list)
  ? [
      ...new Set(
        readFileSync(list, 'utf8')
          .split('\n')
          .filter((f) => /\.test\.tsx?$/.test(f) && existsSync(join(root, f))),
      ),
    ].sort()
  : ['packages/server'];
console.log(
  `postgres pass: ${existsSync(list) ? `${files.length} files that open a store` : 'the whole server suite'}`,
);
const args = ['vitest', 'run', ...files, '--reporter=default', '--reporter=json'];
args.push('--outputFile.json=.data/reports/vitest-postgres.json');
const child = spawn(process.execPath, ['scripts/with-postgres.mjs', ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
