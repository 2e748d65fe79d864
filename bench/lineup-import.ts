/**
 * Line-up import benchmark (issue 16). Generates, in a temporary folder:
 *   - an XMLTV guide of 2,000 channels x 14 days (a programme every 40 min: about 1 M programmes, en + es titles
 *     and an English description: several hundred MB),
 *   - an M3U playlist of 10,000 channels (the first 2,000 carry the guide's tvg-ids),
 * then, against a running product on that data folder (API only, tiny media):
 *   1. imports both with the CLI (`sources add` + `sources import`): wall time and peak RSS of the importing
 *      process; meanwhile a channel list call (the contract's channelList) runs back to back: its p50/p99,
 *      beside the same call before the import (seeded 45 channels) and after it (10,045 channels), same run;
 *   2. rewrites the guide with 1 % of the programmes changed and runs `sources refresh` without the day digests
 *      the import kept (every day built: the baseline), then retitles the same programmes again and refreshes
 *      with them (unchanged days not built, decision 0295): wall time, CPU, peak RSS, guide days changed.
 * Goals: import < 60 s and < 300 MB; refresh < 20 s. CPU time of the importing process is printed beside the
 * wall time: on a shared machine the wall time includes waiting for a core.
 *
 * Run: node_modules/.bin/node bench/lineup-import.ts [--guide-channels 2000] [--days 14] [--channels 10000]
 *   [--port 4781] [--cpu-prof <folder>]
 * Not part of the tests. Timings depend on the machine's load: the load average is printed with them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { listOnce as listBench, repoRoot, serveBench } from './benchLineup.ts';
import { writeGuide, writePlaylist } from './lineupFiles.ts';

const { values } = parseArgs({
  options: {
    'guide-channels': { type: 'string', default: '2000' },
    days: { type: 'string', default: '14' },
    channels: { type: 'string', default: '10000' },
    port: { type: 'string', default: '4781' },
    /** A folder: the importing processes write a V8 CPU profile there (`--cpu-prof`). */
    'cpu-prof': { type: 'string' },
  },
});
const GUIDE_CHANNELS = Number(values['guide-channels']);
const DAYS = Number(values.days);
const CHANNELS = Number(values.channels);
const SHAPE = { guideChannels: GUIDE_CHANNELS, days: DAYS, channels: CHANNELS };
const base = `http://127.0.0.1:${values.port}`;

/** Runs the server's CLI; resolves with its wall time, peak RSS (from the process itself) and output. */
function cli(
  dataDir: string,
  ...args: string[]
): Promise<{ ms: number; rssMb: number; cpuS: number; out: string }> {
  const started = performance.now();
  const report =
    "process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('maxrss='+u.maxRSS+' cpu='+(u.userCPUTime+u.systemCPUTime)+'\\n')})";
  const child = spawn(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(report)}`,
      ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : []),
      'packages/server/src/cli.ts',
      ...args,
      '--data',
      dataDir,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d;
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d;
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
      const kb = Number(/maxrss=(\d+)/.exec(err)?.[1] ?? Number.NaN);
      const cpuUs = Number(/cpu=(\d+)/.exec(err)?.[1] ?? Number.NaN);
      resolve({ ms: performance.now() - started, rssMb: kb / 1024, cpuS: cpuUs / 1e6, out: out.trim() });
    }),
  );
}

const listOnce = () => listBench(base);

/** The database file and its WAL, in MB (the WAL keeps the size of the largest write between checkpoints). */
function storeSizes(dataDir: string): string {
  const mb = (f: string) => {
    try {
      return (statSync(join(dataDir, f)).size / 1e6).toFixed(0);
    } catch {
      return '0';
    }
  };
  return `database ${mb('ottkit.db')} MB, WAL ${mb('ottkit.db-wal')} MB`;
}

const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;
const fmt = (xs: number[]) =>
  `p50 ${q(xs, 0.5).toFixed(0)} ms, p99 ${q(xs, 0.99).toFixed(0)} ms (${xs.length} calls)`;

/** Channel list calls back to back until `until` settles. */
async function listWhile<T>(until: Promise<T>): Promise<{ result: T; ms: number[] }> {
  let done = false;
  const ms: number[] = [];
  const result = until.finally(() => {
    done = true;
  });
  while (!done) ms.push((await listOnce()).ms);
  return { result: await result, ms };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-lineup-'));
  const dataDir = join(dir, 'data');
  const guide = join(dir, 'guide.xml');
  const playlist = join(dir, 'lineup.m3u');
  let server: Awaited<ReturnType<typeof serveBench>> | undefined;
  try {
    let t = performance.now();
    const programmes = writeGuide(guide, SHAPE);
    writePlaylist(playlist, SHAPE);
    console.log(
      `generated ${programmes} programmes for ${GUIDE_CHANNELS} channels x ${DAYS} days (${(statSync(guide).size / 1e6).toFixed(0)} MB) and a ${CHANNELS}-channel playlist in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    server = await serveBench(dataDir, values.port);
    const before: number[] = [];
    for (let i = 0; i < 30; i++) before.push((await listOnce()).ms);
    await cli(dataDir, 'sources', 'add', 'bench', '--m3u', playlist, '--xmltv', guide);
    console.log(
      `load average before import: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const during = await listWhile(cli(dataDir, 'sources', 'import', 'bench'));
    console.log(during.result.out);
    console.log(
      `import: ${(during.result.ms / 1000).toFixed(1)} s wall, ${during.result.cpuS.toFixed(1)} s CPU, peak RSS of the importing process ${during.result.rssMb.toFixed(0)} MB (goals: < 60 s, < 300 MB)`,
    );
    console.log(`after the import: ${storeSizes(dataDir)}`);
    const after: number[] = [];
    let listed = 0;
    for (let i = 0; i < 30; i++) {
      const r = await listOnce();
      after.push(r.ms);
      listed = r.channels;
    }
    console.log(`channel list before the import (45 channels): ${fmt(before)}`);
    console.log(`channel list during the import:              ${fmt(during.ms)}`);
    console.log(`channel list after the import (${listed} channels): ${fmt(after)}`);

    t = performance.now();
    writeGuide(guide, SHAPE, 100);
    console.log(
      `rewrote the guide with 1 % of the programmes changed in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    console.log(
      `load average before refresh: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    // The baseline, same run: without the digests the import kept, every day is built (as before decision 0295).
    rmSync(join(dataDir, 'guide-digests'), { recursive: true, force: true });
    const baseline = await cli(dataDir, 'sources', 'refresh', 'bench');
    console.log(baseline.out);
    console.log(
      `refresh (1 % changed), every day built: ${(baseline.ms / 1000).toFixed(1)} s wall, ${baseline.cpuS.toFixed(1)} s CPU, peak RSS ${baseline.rssMb.toFixed(0)} MB`,
    );
    // The same programmes retitled again: as many rows and days change, and the unchanged days are not built.
    writeGuide(guide, SHAPE, 100, 'Changed again');
    console.log(
      `load average before refresh: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const refresh = await cli(dataDir, 'sources', 'refresh', 'bench');
    console.log(refresh.out);
    console.log(`after the refresh: ${storeSizes(dataDir)}`);
    console.log(
      `refresh (1 % changed), unchanged days not built: ${(refresh.ms / 1000).toFixed(1)} s wall, ${refresh.cpuS.toFixed(1)} s CPU, peak RSS ${refresh.rssMb.toFixed(0)} MB (goal: < 20 s)`,
    );
  } finally {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
