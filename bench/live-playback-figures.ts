/**
 * The live inputs screen's playback figures (issue 41, decision 0444) at a large audience: `--viewers` live
 * viewers over the last hour on 100 channels, each reporting a delay every minute (80 % in low-latency mode) and
 * a couple of plays (start-up, most with a channel change), stored through the metrics store as the batch call
 * does. Then:
 * - a `watching` batch of one report, with a delay and without: the write the delay adds, ms per batch;
 * - `channelPlayback` for a page of 100 channels (what a poll of the screen reads once its kept answer is 15 s
 *   old): ms per read, and per kept answer.
 *
 * Run: node_modules/.bin/node bench/live-playback-figures.ts [--viewers 10000]
 * PostgreSQL: node scripts/with-postgres.mjs node bench/live-playback-figures.ts. Not part of the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TelemetryEventPayload } from '../packages/api-client/src/contract/index.ts';
import { createPrng } from '../packages/server/src/prng.ts';
import { channelPlayback, PLAYBACK_FRESH_MS } from '../packages/server/src/store/channelPlayback.ts';
import { openDb, postgresUrl } from '../packages/server/src/store/db.ts';
import { migrate } from '../packages/server/src/store/migrations.ts';
import { insertTelemetryEvents } from '../packages/server/src/store/telemetry.ts';

const { values } = parseArgs({ options: { viewers: { type: 'string', default: '10000' } } });
const VIEWERS = Number(values.viewers);
const MIN = 60_000;
const NOW = Date.now();
const CHANNELS = Array.from({ length: 100 }, (_, i) => `lc-${String(i + 1).padStart(3, '0')}`);
const rnd = createPrng(41);
let seq = 0;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-playback-'));
const db = openDb(join(dir, 'ottkit.db'));
migrate(db);
console.log(`${postgresUrl() ? 'PostgreSQL' : 'SQLite'}, ${VIEWERS} viewers; load average before: ${load()}`);

/** A viewer's hour on one channel: a report a minute, two plays (start-up, the second a channel change). */
function hourOf(channel: string): TelemetryEventPayload[] {
  const low = rnd.next() < 0.8;
  const base = low ? 1800 : 6000;
  const out: TelemetryEventPayload[] = [];
  for (let m = 59; m >= 1; m--)
    out.push({
      eventId: `w-${++seq}`,
      ts: NOW - m * MIN,
      sourceId: channel,
      type: 'watching',
      mode: 'live',
      latencyMs: Math.floor(base + rnd.next() ** 2 * 1500),
      lowLatency: low,
    });
  for (const zap of [false, true]) {
    const startupMs = Math.floor(200 + rnd.next() ** 3 * 3000);
    out.push({
      eventId: `s-${++seq}`,
      ts: NOW - Math.floor(rnd.next() * 60) * MIN,
      sourceId: channel,
      type: 'streamSla',
      mode: 'live',
      startupMs,
      stalls: 0,
      stallMs: 0,
      bitrateSwitches: 0,
      errors: 0,
      ...(zap ? { zapMs: startupMs + Math.floor(rnd.next() * 200) } : {}),
    });
  }
  return out;
}

const started = performance.now();
for (let v = 0; v < VIEWERS; v++) {
  const channel = CHANNELS[Math.floor(rnd.next() ** 2 * CHANNELS.length)] as string;
  await insertTelemetryEvents(db, `acct-${v}`, hourOf(channel), NOW);
}
const slots = await db.kysely
  .selectFrom('telemetry_latency')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirst();
console.log(
  `stored ${VIEWERS * 59} viewer-minutes in ${Number(slots?.n)} histogram rows and ${VIEWERS * 2} stream SLA ` +
    `events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/** ms per `watching` batch of one report, each a new minute of one of 1,000 subscribers. */
async function batchMs(withDelay: boolean): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const report: TelemetryEventPayload = {
      eventId: `x-${++seq}`,
      ts: NOW + (withDelay ? 2 : 1) * MIN,
      sourceId: 'lc-001',
      type: 'watching',
      mode: 'live',
      ...(withDelay ? { latencyMs: 2000 + i, lowLatency: true } : {}),
    };
    const t0 = performance.now();
    await insertTelemetryEvents(db, `acct-${i}`, [report], NOW);
    times.push(performance.now() - t0);
  }
  return median(times);
}
const without = await batchMs(false);
const withDelay = await batchMs(true);
console.log(
  `a watching batch of one report, median of 1,000: ${without.toFixed(3)} ms without a delay, ${withDelay.toFixed(3)} ms with`,
);

// Each read a kept answer's age later, so each one reads the store (the window moves by as much).
const reads: number[] = [];
let figures = await channelPlayback(db, CHANNELS, NOW);
for (let i = 1; i <= 20; i++) {
  const t0 = performance.now();
  figures = await channelPlayback(db, CHANNELS, NOW + i * PLAYBACK_FRESH_MS);
  reads.push(performance.now() - t0);
}
const t0 = performance.now();
await channelPlayback(db, CHANNELS, NOW + 20 * PLAYBACK_FRESH_MS + 1000);
const keptMs = performance.now() - t0;
const busiest = figures.get('lc-001');
console.log(
  `channelPlayback for 100 channels, read, median of 20: ${median(reads).toFixed(1)} ms ` +
    `(max ${Math.max(...reads).toFixed(1)} ms); kept: ${keptMs.toFixed(2)} ms`,
);
console.log(`lc-001: ${JSON.stringify(busiest)}`);
console.log(`load average after: ${load()}`);
db.close();
rmSync(dir, { recursive: true, force: true });
