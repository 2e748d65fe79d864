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
const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

function install() {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  must(...pnpm(['install', ...frozen, '--reporter=append-only']));
}

/** Installs Debian packages with apt-get (sudo when not root) when the binary they bring is missing. */
function ensureDebian(bin, packages, why) {
  if (has(bin)) return;
  console.log(`ottkit: installing Debian ${bin} ${why} (apt-get install ${packages.join(' ')})`);
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const apt = (args) => (sudo.length ? ['sudo', ['apt-get', ...args]] : ['apt-get', args]);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  must(...apt(['update', '-q']), { env });
  must(...apt(['install', '-y', '-q', '--no-install-recommends', ...packages]), { env });
}
const ensureChromium = () =>
  ensureDebian('chromium', ['chromium', 'fonts-dejavu-core'], 'for the browser tests');
// Live sources (issue 17): ingest and packaging of SRT, RTMP, UDP and HLS inputs (decision 0220).
const ensureFfmpeg = () => ensureDebian('ffmpeg', ['ffmpeg'], 'for live sources');

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
    process.exit(run(...pnpm(['run', 'test:all'])));
    break;
  default:
    console.error('usage: node scripts/ottkit.mjs start|test');
    process.exit(2);
}
