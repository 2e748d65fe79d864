#!/usr/bin/env node
// The one entry the README's two commands call. It runs on whatever Node the machine has
// (20 here): it brings the pinned pnpm from the npm registry, installs the workspace (which
// brings Node 24 into node_modules/.bin through the `node` package), installs Debian's
// Chromium for the browser tests and Debian's ffmpeg for live sources when they are missing,
// then hands over to a pnpm script that runs on Node 24. See docs/decisions/0001-toolchain-bootstrap.md.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLUSTER_PACKAGES,
  ensureClusterPackages,
  ensureDebian,
  ensureDebianAll,
} from '../packages/server/src/cluster/debian.mjs';
import { ensurePostgres, POSTGRES_PACKAGES } from '../packages/server/src/cluster/postgres.mjs';

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

const installArgs = () => [
  'install',
  ...(existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : []),
  '--reporter=append-only',
];
function install() {
  must(...pnpm(installArgs()));
}

/**
 * The workspace install beside `alongside` (Debian's packages: apt downloads while npm does). Its output goes to
 * a file, printed when it ends, so the two never mix their lines and a blocked pipe never holds npm back while
 * `alongside` runs (synchronously).
 */
async function installBeside(alongside) {
  const [cmd, args] = pnpm(installArgs());
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-install-'));
  const log = join(dir, 'install.log');
  const fd = openSync(log, 'w');
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd] });
  const ended = new Promise((resolve) => {
    child.on('error', (err) => resolve({ status: 1, why: err.message }));
    child.on('close', (status) => resolve({ status: status ?? 1 }));
  });
  alongside();
  const { status, why } = await ended;
  closeSync(fd);
  process.stdout.write(readFileSync(log));
  rmSync(dir, { recursive: true, force: true });
  if (status !== 0) {
    const how = why ? ` (${why})` : ` with exit code ${status}`;
    console.error(`ottkit: '${cmd} ${args.join(' ')}' failed${how}`);
    process.exit(status);
  }
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
const CHROMIUM_PACKAGES = ['chromium', ['chromium', 'fonts-dejavu-core'], 'for the browser tests'];
// Live sources (issue 17): ingest and packaging of SRT, RTMP, UDP and HLS inputs (decision 0220).
const FFMPEG_PACKAGES = ['ffmpeg', ['ffmpeg'], 'for live sources'];
const ensureFfmpeg = () => debian(() => ensureDebian(...FFMPEG_PACKAGES));
// The metrics test runs Debian's Prometheus against a server with docs/operations.md's configuration (issue 40).
const PROMETHEUS_PACKAGES = ['prometheus', ['prometheus'], 'for the metrics test'];

switch (command) {
  case 'start':
    install();
    ensureFfmpeg();
    process.exit(run(...pnpm(['run', 'serve'])));
    break;
  case 'test':
    await installBeside(() =>
      debian(() =>
        ensureDebianAll([
          CHROMIUM_PACKAGES,
          FFMPEG_PACKAGES,
          // The shared-state tests run against a Redis they start; the cluster tests against nginx too (0262).
          ...CLUSTER_PACKAGES,
          // The server suite runs a second time on a PostgreSQL the run starts itself (decision 0275).
          POSTGRES_PACKAGES,
          PROMETHEUS_PACKAGES,
        ]),
      ),
    );
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
