/**
 * A long operator job beside the process's other work (issue 39, decision 0434; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/code-batch.ts [--codes 10000] [--seconds 3]
 *
 * One ottkit server in this process (seeded sample data) on each engine in turn: SQLite, then PostgreSQL (Debian's,
 * started here on a temporary folder). For each, the event loop's delay is sampled (`monitorEventLoopDelay`) for
 * --seconds with nothing running (the baseline), then while a recharge code batch of --codes runs as the console's
 * job does (`startCodeBatchJob`, polled until it ends). Printed: the batch's time and codes a second, and the
 * loop's delay p50, p99 and longest in both phases: how long any other request of the process (a viewer's call, a
 * live segment) could have waited behind the job. The load average is printed with the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createServer } from '../packages/server/src/app.ts';
import { ensurePostgres, startPostgres } from '../packages/server/src/cluster/postgres.mjs';
import { CLI_ACTOR } from '../packages/server/src/operator/audit.ts';
import { startCodeBatchJob } from '../packages/server/src/operator/codeBatchJobs.ts';
import { jobNow } from '../packages/server/src/operator/jobs.ts';

const { values } = parseArgs({
  options: {
    codes: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '3' },
  },
});
const codes = Number(values.codes);
const seconds = Number(values.seconds);
const SECRET = 'bench-secret-0123456789abcdef0123456789';

interface Delay {
  p50: number;
  p99: number;
  max: number;
}

/** The loop's delay (ms) while `during` runs. */
async function loopDelay(during: () => Promise<unknown>): Promise<Delay> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  await during();
  h.disable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
}

async function onEngine(engine: string, dir: string): Promise<void> {
  const server = createServer({ config: { dataDir: join(dir, 'data'), port: 0, secret: SECRET } });
  try {
    await server.listen();
    const quiet = await loopDelay(() => new Promise((r) => setTimeout(r, seconds * 1000)));
    let ms = 0;
    const busy = await loopDelay(async () => {
      const t0 = performance.now();
      const job = await startCodeBatchJob(server.db, SECRET, CLI_ACTOR, 'plan-sports', codes, Date.now);
      for (;;) {
        const j = await jobNow(server.db, job.jobId);
        if (j?.status === 'succeeded') break;
        if (j?.status === 'failed') throw new Error(`the batch failed: ${j.error}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      ms = performance.now() - t0;
    });
    const fmt = (d: Delay) => `${d.p50} / ${d.p99} / ${d.max}`.padEnd(22);
    console.log(
      `${engine.padEnd(10)} ${String(Math.round(ms)).padStart(8)} ms ${String(Math.round(codes / (ms / 1000))).padStart(9)}   ${fmt(quiet)} ${fmt(busy)}`,
    );
  } finally {
    await server.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'ottkit-code-batch-'));
console.log(
  `a batch of ${codes} codes; the loop's delay in ms (p50 / p99 / longest), ${seconds} s quiet, then during it`,
);
console.log(
  `${'engine'.padEnd(10)} ${'batch'.padStart(11)} ${'codes/s'.padStart(9)}   ${'quiet'.padEnd(22)} during the batch`,
);
try {
  await onEngine('sqlite', join(dir, 'sqlite'));
  ensurePostgres();
  const pg = startPostgres(join(dir, 'pg'), 6170, { durable: false });
  try {
    process.env.OTTKIT_DATABASE_URL = pg.database('bench');
    await onEngine('postgres', join(dir, 'postgres'));
  } finally {
    delete process.env.OTTKIT_DATABASE_URL;
    pg.stop('immediate');
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
