#!/usr/bin/env node
// The one entry the README's two commands call. It runs on whatever Node the machine has
// (20 here): it brings the pinned pnpm from the npm registry, installs the workspace (which
// brings Node 24 into node_modules/.bin through the `node` package), installs Debian's
// Chromium for the browser tests and Debian's ffmpeg for live sources when they are missing,
// then hands over to a pnpm script that runs on Node 24. See docs/decisions/0001-toolchain-bootstrap.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClusterPackages, ensureDebian } from '../packages/server/src/cluster/debian.mjs';
import { ensurePostgres } from '../packages/server/src/cluster/postgres.mjs';

const PNPM_VERSION = '10.34.8';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}
function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`ottkit: '${cmd} ${args.join(' ')}' failed with exit code ${status}`);
    process.exit(status);
  }
}
const pnpm = (args) => ['npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args]];

function install() {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  must(...pnpm(['install', ...frozen, '--reporter=append-only']));
}

/** A Debian install that failed ends the command with its message (not a stack trace). */
function debian(fn) {
  try {
    fn();
  } catch (err) {
    console.error(`ottkit: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
const ensureChromium = () =>
  debian(() => ensureDebian('chromium', ['chromium', 'fonts-dejavu-core'], 'for the browser tests'));
// Live sources (issue 17): ingest and packaging of SRT, RTMP, UDP and HLS inputs (decision 0220).
const ensureFfmpeg = () => debian(() => ensureDebian('ffmpeg', ['ffmpeg'], 'for live sources'));

switch (command) {
  case 'start':
    install();
    ensureFfmpeg();
    process.exit(run(...pnpm(['run', 'serve'])));
    break;
  case 'test':
    install();
    ensureChromium();
    ensureFfmpeg();
    // The shared-state tests run against a Redis they start; the cluster tests against nginx too (0262).
    debian(ensureClusterPackages);
    // The server suite runs a second time on a PostgreSQL the run starts itself (decision 0275).
    debian(ensurePostgres);
    process.exit(run(...pnpm(['run', 'test:all'])));
    break;
  case 'cluster':
    // Redis, nginx and 3 ottkit processes on loopback (docs/deploy.md, decision 0262).
    install();
    ensureFfmpeg();
    debian(ensureClusterPackages);
    debian(ensurePostgres);
    must(...pnpm(['run', 'build']));
    process.exit(run(...pnpm(['--filter', '@ottkit/server', 'run', 'cluster', ...process.argv.slice(3)])));
    break;
  default:
    console.error('usage: node scripts/ottkit.mjs start|test|cluster');
    process.exit(2);
}
