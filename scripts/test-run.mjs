#!/usr/bin/env node
// The whole test run (`npm test` → `pnpm run test:all`), on Node 24 from node_modules/.bin; see docs/testing.md.
// Each stage's output goes to .data/reports/stages/<stage>.log and is printed whole when the stage ends, so two
// stages running at once never interleave their lines. The run ends with one line per stage and its seconds, then
// the closing line of scripts/test-summary.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORTS, STORE_USE_LOG } from './test-paths.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, REPORTS);
const logs = join(reports, 'stages');
// A whole run starts from no reports; a run of some stages keeps the others' (the PostgreSQL pass reads the
// SQLite pass's list of files).
if (process.argv.length <= 2) rmSync(reports, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });

// Every server, test and journey of the run links the one prepared copy of the media it needs (decision 0361).
const env = {
  ...process.env,
  OTTKIT_MEDIA_CACHE: process.env.OTTKIT_MEDIA_CACHE || join(root, '.data', 'media-cache'),
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
  // Node keeps the compiled form of every module it loads (the server's TypeScript, stripped, included) here and
  // reuses it: each server, command and Vitest fork a test starts then spends about half the CPU on its start.
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(root, '.data', 'node-compile-cache'),
  // Every SQLite store of the run syncs its log at checkpoints, not at each commit (store/db.ts): on this virtual
  // machine a commit's sync costs about 0.05 ms of CPU and 0.15 ms of wall time (decision 0424). No test is about
  // what a power loss keeps.
  OTTKIT_SQLITE_SYNCHRONOUS: process.env.OTTKIT_SQLITE_SYNCHRONOUS || 'normal',
};
const node = join(root, 'node_modules', '.bin', 'node');

/**
 * name → command line; `needs` names stages whose success it requires (a failed one skips it). The site and the
 * journeys, type checks and tests read the packages' sources (their workspace exports), so only the stages that
 * take the published form (size budgets, the player's page, the packed consumers) wait for the package builds.
 */
const STAGES = {
  lint: { cmd: ['biome', 'check', '.'] },
  media: { cmd: [node, 'scripts/test-media.mjs'] },
  site: { cmd: ['pnpm', 'run', 'build:site'] },
  packages: { cmd: ['pnpm', 'run', 'build:packages'] },
  typecheck: { cmd: ['pnpm', 'run', 'typecheck'] },
  unit: {
    cmd: ['pnpm', 'run', 'test:unit'],
    needs: ['site', 'media'],
    env: { OTTKIT_STORE_USE_LOG: join(root, STORE_USE_LOG) },
  },
  'unit-postgres': { cmd: ['pnpm', 'run', 'test:unit:postgres'], needs: ['site', 'media'] },
  size: { cmd: ['pnpm', 'run', 'test:size'], needs: ['packages'] },
  storybook: { cmd: ['pnpm', 'run', 'test:storybook'] },
  e2e: { cmd: ['pnpm', 'run', 'test:e2e:product'], needs: ['site', 'media'] },
  'player-e2e': { cmd: ['pnpm', 'run', 'test:e2e:player'], needs: ['packages', 'media'] },
  consumers: { cmd: ['pnpm', 'run', 'test:packages'], needs: ['packages', 'media'] },
};

const results = new Map();
const t0 = Date.now();
/** Running stages' process groups; stopped (and no stage started any more) when the run is stopped. */
const running = new Set();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    // SIGINT, as Ctrl-C would: Playwright then stops the web servers it started (they are not in its group). A
    // stage still there 20 s later (Playwright finishing its journeys first) is killed.
    const stop = (sig) => {
      for (const pid of running) {
        try {
          process.kill(-pid, sig);
        } catch {
          // Already gone.
        }
      }
    };
    stop('SIGINT');
    setTimeout(() => stop('SIGKILL'), 20_000).unref();
  });
}
/**
 * CPU seconds (user + system) of every reaped descendant so far: /proc/self/stat's cutime and cstime. A stage's
 * share is the difference across it (stages that overlap share theirs). Linux only; elsewhere 0.
 */
function childCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of the whole line (cutime, cstime), in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}
const clock = () => `${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s`;

/** `node scripts/test-run.mjs e2e unit` runs those stages only (what they need is taken as done already). */
const only = process.argv.slice(2);
const unknown = only.filter((n) => !(n in STAGES));
if (unknown.length > 0) {
  console.error(`test-run: no stage ${unknown.join(', ')}; the stages: ${Object.keys(STAGES).join(', ')}`);
  process.exit(2);
}

function runStage(name, { niceness = 0 } = {}) {
  if (only.length > 0 && !only.includes(name)) return Promise.resolve();
  const { cmd, needs = [], env: own = {} } = STAGES[name];
  const missing = needs.filter((n) => results.has(n) && results.get(n).status !== 'passed');
  if (stopping) missing.push('the run, stopped');
  if (missing.length > 0) {
    results.set(name, { status: 'skipped', seconds: 0, why: `needs ${missing.join(', ')}` });
    console.log(`[${clock()}] ${name}: skipped (${missing.join(', ')} did not pass)`);
    return Promise.resolve();
  }
  console.log(`[${clock()}] ${name}: started`);
  const file = join(logs, `${name}.log`);
  const out = createWriteStream(file);
  const started = Date.now();
  const cpuBefore = childCpu();
  return new Promise((resolve) => {
    const [bin, ...args] = niceness > 0 ? ['nice', '-n', String(niceness), ...cmd] : cmd;
    const child = spawn(bin, args, {
      cwd: root,
      env: { ...env, ...own },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stopping the run stops the stage's servers and browsers too.
      detached: true,
    });
    // A command that cannot start (not on PATH: the run is meant to be started by pnpm) fails its stage in words.
    child.on('error', (err) => out.write(`test-run: ${cmd[0]} could not start (${err.message})\n`));
    running.add(child.pid);
    if (niceness > 0) lowerGroup(child.pid, niceness);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      running.delete(child.pid);
      out.end(() => {
        const seconds = (Date.now() - started) / 1000;
        const status = code === 0 ? 'passed' : 'failed';
        const cpu = childCpu() - cpuBefore;
        results.set(name, { status, seconds, cpu, why: code === null ? `signal ${signal}` : `exit ${code}` });
        console.log(`\n===== ${name} (${status}, ${seconds.toFixed(0)} s) =====`);
        process.stdout.write(readFileSync(file, 'utf8'));
        console.log(`===== end of ${name} =====\n`);
        resolve();
      });
    });
  });
}

/**
 * Lowers a stage's share of the CPU. Each stage runs in a session of its own (`detached`), and Linux shares the
 * CPU between sessions first (the scheduler's autogroups) and by nice value only within one: `nice` alone left a
 * background stage an equal share beside any other (decision 0376). The session's autogroup gets the value too.
 */
function lowerGroup(pid, niceness) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // No autogroups (or not Linux): the stage's own nice value is all there is.
  }
}

/** Runs the stages of one lane one after another. */
async function lane(...names) {
  for (const name of names) await runStage(name);
}

/**
 * The same at the lowest CPU priority (nice 19), for stages that only compute: they take what the stages beside
 * them leave, and never hold up one that keeps the wall clock (live transcodes, job leases, journeys).
 */
async function backgroundLane(...names) {
  for (const name of names) await runStage(name, { niceness: 19 });
}

const checks = ['typecheck', 'unit', 'unit-postgres', 'packages', 'size', 'storybook', 'consumers'];
const browsers = ['e2e', 'player-e2e'];
// Before the rest: the lint and the site's build, while the media is encoded once beside them.
await Promise.all([lane('lint', 'site'), lane('media')]);
if (process.env.OTTKIT_TEST_LANES === '2') {
  // The checks that need no browser beside the journeys, at nice 19. Measured on the 2-core machine (at nice 10,
  // which the stages' own sessions made moot: decision 0376) it saturated both cores and starved the wall-clock
  // tests of both lanes (live transcodes fell behind, job leases ran out, journeys ran at half speed), so it is for
  // a machine with more cores (decision 0361).
  await Promise.all([lane(...browsers), backgroundLane(...checks)]);
} else {
  // Measured per stage (wall and CPU, decision 0365): the SQLite pass keeps both cores busy, so it runs alone; the
  // PostgreSQL pass uses about one core (it waits on its database), so the light stages that wait on a browser or
  // on npm run beside it, in two lanes: the player's e2e (170 s wall, 111 CPU s: real-time playback) and the packed
  // consumers (124 s, 52 CPU s: npm installs) mostly wait, and one after the other they were the longest lane
  // (decision 0371). The PostgreSQL pass reads which files opened a store in the SQLite pass, so it comes after it.
  //
  // The package builds (about 1.6 cores) before the SQLite pass, which then has both cores: beside it, even at the
  // lowest priority, they made it take 227 s instead of 151 (decision 0376). Only the stages that take the
  // published form wait for them.
  await lane('packages');
  // The SQLite pass keeps the cores about three quarters busy (its live tests wait on the clock): the packed
  // consumers (npm installs, mostly waiting), the size budgets and Storybook take the rest at the lowest priority,
  // beside it and then beside the lanes after it (decision 0380). Before, the consumers ran beside the PostgreSQL
  // pass, which the player's e2e already fills. The type check, which nothing waits for, comes last there: beside
  // the package builds it held the SQLite pass's start back by about 20 s (decision 0398).
  const background = backgroundLane('consumers', 'size', 'storybook', 'typecheck');
  await lane('unit');
  // With the server's test files sharing their workers (decision 0374) the PostgreSQL pass takes about 130 s, less
  // than the lane beside it: the journeys follow it in its lane and share the cores with those lanes' last minutes.
  await Promise.all([lane('unit-postgres', 'e2e'), lane('player-e2e'), background]);
}

console.log('stage seconds (wall, and CPU of its processes):');
for (const [name, r] of results) {
  const cpu = r.cpu === undefined ? '' : `${r.cpu.toFixed(0).padStart(5)} s CPU`;
  console.log(
    `  ${name.padEnd(14)} ${r.seconds.toFixed(0).padStart(5)} s ${cpu.padEnd(10)}  ${r.status}${r.status === 'passed' ? '' : ` (${r.why})`}`,
  );
}
console.log(
  `  ${'total'.padEnd(14)} ${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s ${childCpu().toFixed(0).padStart(5)} s CPU`,
);
const failed = [...results].filter(([, r]) => r.status !== 'passed').map(([n]) => n);
if (failed.length > 0) console.log(`stages not passed: ${failed.join(', ')}`);

const summary = spawn(node, ['scripts/test-summary.mjs'], { cwd: root, stdio: 'inherit' });
summary.on('close', (code) => process.exit(failed.length > 0 ? 1 : (code ?? 1)));
