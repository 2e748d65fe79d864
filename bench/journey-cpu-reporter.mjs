// The CPU each journey costs (decisions 0391, 0400): a Playwright reporter, added beside the usual one,
//   playwright test -c e2e/playwright.config.ts --reporter=list,./bench/journey-cpu-reporter.mjs
// reads, when a test starts and when it ends, the CPU seconds of the process tree of the worker that runs it (the
// worker, its Chromium with every renderer, the operator runner it started), of its worker's product server (with
// the ffmpeg it runs) and of the whole machine, and writes one line per test to .data/reports/journey-cpu.tsv
// (file:line, title, wall s, worker-tree CPU s, server CPU s, machine CPU s, status); at the end it prints the files
// that cost the most. A renderer's CPU is counted once its process is reaped (into its parent's children's time),
// so a test that closes pages late may lend some to the next. Linux only (/proc).
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { machineBusySeconds, statFields, TICK } from './proc.mjs';

const out = join(dirname(new URL(import.meta.url).pathname), '..', '.data/reports/journey-cpu.tsv');

/** pid → { ppid, own and reaped children's CPU ticks } of every process. */
function processes() {
  const all = new Map();
  for (const pid of readdirSync('/proc')) {
    const f = /^\d+$/.test(pid) ? statFields(pid) : undefined;
    if (f) all.set(Number(pid), { ppid: Number(f[1]), ticks: +f[11] + +f[12] + +f[13] + +f[14] });
  }
  return all;
}

/**
 * The worker process of a parallel index: the parent of the Chromium it launched, which took the index from the
 * worker's environment (the worker sets it after it starts, so its own environment file does not show it).
 * Undefined until the worker's first test has launched its browser.
 */
function workerPid(index) {
  const mark = `TEST_PARALLEL_INDEX=${index}\0`;
  const all = processes();
  for (const [pid, { ppid }] of all) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (!env.startsWith(mark) && !env.includes(`\0${mark}`)) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom')) return ppid;
    } catch {
      // Not ours to read, or gone.
    }
  }
  return undefined;
}

/** The product server of a parallel index (its copy of the site is `site/.data/e2e-<index>`), if it runs. */
function serverPid(index) {
  const mark = `site/.data/e2e-${index}/server/entry.mjs`;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(mark) && cmd.includes('cli.ts')) return Number(pid);
    } catch {
      // Gone.
    }
  }
  return undefined;
}

function treeSeconds(root) {
  const all = processes();
  const children = new Map();
  for (const [pid, { ppid }] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let ticks = 0;
  for (const stack = [root]; stack.length > 0; ) {
    const pid = stack.pop();
    ticks += all.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / TICK;
}

export default class JourneyCpuReporter {
  started = new Map();
  files = new Map();

  onBegin() {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, 'test\ttitle\twall_s\tworker_cpu_s\tserver_cpu_s\tmachine_cpu_s\tstatus\n');
  }

  onTestBegin(test, result) {
    const pid = workerPid(result.parallelIndex);
    const server = serverPid(result.parallelIndex);
    this.started.set(`${test.id}:${result.retry}`, {
      pid,
      server,
      serverCpu: server ? treeSeconds(server) : 0,
      cpu: pid ? treeSeconds(pid) : 0,
      machine: machineBusySeconds(),
      at: Date.now(),
    });
  }

  onTestEnd(test, result) {
    const begun = this.started.get(`${test.id}:${result.retry}`);
    if (!begun) return;
    // A worker's first test launched its browser: all its tree's CPU so far is that test's (the worker's start too).
    const pid = begun.pid ?? workerPid(result.parallelIndex);
    if (!pid) return;
    const cpu = treeSeconds(pid) - begun.cpu;
    const wall = (Date.now() - begun.at) / 1000;
    const file = test.location.file.split('/').pop();
    const serverCpu = begun.server ? treeSeconds(begun.server) - begun.serverCpu : 0;
    const row = [
      `${file}:${test.location.line}`,
      test.title,
      wall.toFixed(1),
      cpu.toFixed(1),
      serverCpu.toFixed(1),
    ];
    appendFileSync(
      out,
      `${[...row, (machineBusySeconds() - begun.machine).toFixed(1), result.status].join('\t')}\n`,
    );
    const sum = this.files.get(file) ?? { cpu: 0, server: 0, wall: 0, tests: 0 };
    this.files.set(file, {
      cpu: sum.cpu + cpu,
      server: sum.server + serverCpu,
      wall: sum.wall + wall,
      tests: sum.tests + 1,
    });
  }

  onEnd() {
    const rows = [...this.files].sort((a, b) => b[1].cpu + b[1].server - a[1].cpu - a[1].server).slice(0, 25);
    console.log(`journey CPU (worker and product server trees; every test in ${out}):`);
    for (const [file, s] of rows) {
      console.log(
        `  ${s.cpu.toFixed(0).padStart(5)} + ${s.server.toFixed(0).padStart(4)} CPU s ${s.wall.toFixed(0).padStart(5)} s wall  ${file}`,
      );
    }
  }
}
