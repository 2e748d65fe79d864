#!/usr/bin/env node
// Where a command's CPU goes, by kind of process (decision 0367): `node bench/cpu-by-process.mjs -- <command…>`
// runs the command and, when it ends, prints the CPU seconds of every process of each kind that lived while it
// ran (Chromium's renderers, browser and GPU processes, the products, Playwright, ffmpeg, PostgreSQL…) beside the
// whole machine's busy seconds. A stage's own CPU figure counts only the processes it waits for; this counts them
// all, whoever started them. Linux only (it reads /proc); sampled every second, so a process that lives less than
// a second is in the machine's figure only.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { machineBusySeconds, statFields, TICK } from './proc.mjs';

const KINDS = [
  ['chromium renderer', /chrom.*--type=renderer/],
  ['chromium gpu', /chrom.*--type=gpu-process/],
  ['chromium utility', /chrom.*--type=utility/],
  ['chromium browser', /chrom/],
  ['ottkit server', /cli\.ts serve|server\/src\/cli\.ts/],
  ['playwright worker', /playwright.*workerProcessEntry/],
  ['playwright runner', /playwright/],
  ['vitest', /vitest/],
  ['ffmpeg', /ffmpeg/],
  ['postgres', /postgres/],
  ['redis, nginx', /redis-server|nginx/],
  ['node (other)', /node/],
];
const kindOf = (cmdline) => KINDS.find(([, re]) => re.test(cmdline))?.[0] ?? 'other';

/** pid → [kind, [user, system] ticks at the last look]; ticks a process had before it was first seen count too. */
const seen = new Map();
const total = new Map();
function look() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const f = statFields(pid);
    if (!f) continue; // gone meanwhile
    const ticks = [Number(f[11]), Number(f[12])];
    let known = seen.get(pid);
    if (!known) {
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {}
      known = [kindOf(cmdline), pid === String(process.pid) ? ticks : [0, 0]];
      seen.set(pid, known);
    }
    const sum = total.get(known[0]) ?? [0, 0];
    total.set(known[0], [sum[0] + ticks[0] - known[1][0], sum[1] + ticks[1] - known[1][1]]);
    known[1] = ticks;
  }
}

const dash = process.argv.indexOf('--');
const cmd = dash < 0 ? process.argv.slice(2) : process.argv.slice(dash + 1);
if (cmd.length === 0) {
  console.error('usage: node bench/cpu-by-process.mjs -- <command> [args…]');
  process.exit(2);
}
// Processes already there (an idle server, the shell) count only what they spend from now on.
look();
for (const k of total.keys()) total.set(k, [0, 0]);
const before = machineBusySeconds();
const started = Date.now();
const child = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit' });
const timer = setInterval(look, 1000);
child.on('exit', (code, signal) => {
  clearInterval(timer);
  look();
  const wall = (Date.now() - started) / 1000;
  const machine = machineBusySeconds() - before;
  console.log(`\ncpu-by-process: ${wall.toFixed(0)} s wall, the machine busy ${machine.toFixed(0)} CPU s`);
  console.log(`  ${'kind'.padEnd(20)} ${'CPU s'.padStart(6)}  share  user s  system s`);
  const cpu = ([user, system]) => user + system;
  for (const [kind, ticks] of [...total].sort((a, b) => cpu(b[1]) - cpu(a[1]))) {
    if (cpu(ticks) <= 0) continue;
    const s = cpu(ticks) / TICK;
    const [user, system] = ticks.map((t) => (t / TICK).toFixed(0));
    console.log(
      `  ${kind.padEnd(20)} ${s.toFixed(0).padStart(6)}  ${((100 * s) / machine).toFixed(0).padStart(3)} %  ${user.padStart(6)}  ${system.padStart(8)}`,
    );
  }
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
