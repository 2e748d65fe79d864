/**
 * The console dashboard call (issue 18, decision 0215) over 30 days of telemetry from 10,000 simulated viewers:
 * each day's events are stored through the metrics store and the real housekeeping rolls up what is over two days
 * old (as a server would), so the data folder ends as production's would: 28 days of daily aggregates and two
 * days of raw events. Then the call is timed per period, first view (a fresh connection) and again: first
 * without the telemetry (type, ts) index (migration 426), then with it, on the same data in the same run.
 *
 * Run: node_modules/.bin/node bench/dashboard.ts [--viewers 10000] [--days 30] [--plays 2] [--data <folder>]
 * Not part of the tests. Goal: under 1 s for the first view. The load average is printed with the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DASHBOARD_WINDOWS, type TelemetryEventPayload } from '../packages/api-client/src/contract/index.ts';
import { rollUpTelemetry } from '../packages/server/src/domain/telemetryRetention.ts';
import { dashboard } from '../packages/server/src/operator/dashboard.ts';
import { createPrng } from '../packages/server/src/prng.ts';
import { openDb } from '../packages/server/src/store/db.ts';
import { migrate } from '../packages/server/src/store/migrations.ts';
import { consoleNoticeMigrations } from '../packages/server/src/store/migrations/consoleNotices.ts';
import { countTelemetryEvents, insertTelemetryEvents } from '../packages/server/src/store/telemetry.ts';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '10000' },
    days: { type: 'string', default: '30' },
    plays: { type: 'string', default: '2' },
    data: { type: 'string' },
  },
});
const VIEWERS = Number(values.viewers);
const DAYS = Number(values.days);
const PLAYS = Number(values.plays);
const DAY = 86_400_000;
const NOW = Date.now();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dir = values.data ?? mkdtempSync(join(tmpdir(), 'ottkit-bench-dashboard-'));
const file = join(dir, 'ottkit.db');
const rnd = createPrng(18);
let seq = 0;

/** One viewer's sessions of a day: start-up 200 ms to a few seconds, some stalls, now and then an error. */
function sessions(dayStart: number): TelemetryEventPayload[] {
  const out: TelemetryEventPayload[] = [];
  const n = Math.floor(rnd.next() * PLAYS * 2);
  for (let i = 0; i < n; i++) {
    const ts = dayStart + Math.floor(rnd.next() * DAY);
    if (ts > NOW) continue;
    const sourceId = `lc-${String(1 + Math.floor(rnd.next() ** 2 * 200)).padStart(3, '0')}`;
    const watchedMs = Math.floor(rnd.next() * 3_600_000);
    const stallMs = rnd.next() < 0.2 ? Math.floor(rnd.next() * 20_000) : 0;
    const startupMs = Math.floor(200 + rnd.next() ** 3 * 4000);
    // Most live sessions after the first begin with a zap: the click came a little before the load.
    const zap = rnd.next() < 0.6 ? { zapMs: startupMs + Math.floor(rnd.next() * 300) } : {};
    const base = { ts, sourceId };
    out.push(
      {
        ...base,
        eventId: `b-${++seq}`,
        type: 'livePlayData',
        startedAt: ts - watchedMs,
        watchedMs,
        timeshift: false,
      },
      {
        ...base,
        eventId: `b-${++seq}`,
        type: 'streamSla',
        mode: 'live',
        startupMs,
        stalls: stallMs ? 1 : 0,
        stallMs,
        bitrateSwitches: 0,
        errors: 0,
        ...zap,
      },
    );
    if (rnd.next() < 0.01) {
      const code = ['NETWORK', 'DECODE', 'MANIFEST'][Math.floor(rnd.next() * 3)] as string;
      out.push({ ...base, eventId: `b-${++seq}`, type: 'playError', mode: 'live', code, message: code });
    }
  }
  return out;
}

console.log(`load average before: ${load()}`);
const db = openDb(file);
migrate(db);
const first = Math.floor(NOW / DAY) * DAY - (DAYS - 1) * DAY;
let t0 = performance.now();
for (let day = first; day <= NOW; day += DAY) {
  db.transaction(() => {
    for (let v = 0; v < VIEWERS; v++) {
      const events = sessions(day);
      if (events.length) insertTelemetryEvents(db, `acct-${v}`, events, day + DAY / 2);
    }
  });
  // The hourly housekeeping, as of the end of that day (or now).
  rollUpTelemetry(db, Math.min(day + DAY, NOW), 30);
}
console.log(
  `generated ${seq} events (${VIEWERS} viewers, ${DAYS} days) in ${Math.round(performance.now() - t0)} ms; ` +
    `${await countTelemetryEvents(db)} raw, ${db.get<{ n: number }>('SELECT COUNT(*) AS n FROM telemetry_daily')?.n} ` +
    `daily rows, in ${dir}`,
);
db.close();

/** The dashboard per period on a fresh connection (first view) and again, as the console would call it. */
async function measure(label: string) {
  console.log(`${label} — load average: ${load()}`);
  for (const window of DASHBOARD_WINDOWS) {
    const fresh = openDb(file);
    t0 = performance.now();
    const cpu = process.cpuUsage();
    const d = await dashboard(fresh, window, NOW);
    const firstMs = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    const firstCpu = (used.user + used.system) / 1000;
    t0 = performance.now();
    await dashboard(fresh, window, NOW);
    const againMs = performance.now() - t0;
    fresh.close();
    console.log(
      `  ${window}: first view ${Math.round(firstMs)} ms (${Math.round(firstCpu)} ms CPU), again ${Math.round(againMs)} ms ` +
        `(plays ${d.qoe.plays}, start-up p50 ${d.qoe.startupP50Ms} ms p95 ${d.qoe.startupP95Ms} ms, ` +
        `channel change p50 ${d.qoe.channelChangeP50Ms} ms p95 ${d.qoe.channelChangeP95Ms} ms over ` +
        `${d.qoe.channelChanges} zaps, rebuffering ${(d.qoe.rebufferingRatio * 100).toFixed(2)} %, ` +
        `errors ${d.qoe.errors}, viewers now ${d.viewersNow.total})`,
    );
  }
}

/** Runs `sql` on the data folder's database. */
function exec(sql: string) {
  const d = openDb(file);
  d.exec(sql);
  d.close();
}
const INDEX = consoleNoticeMigrations.find((m) => m.version === 426)?.sql ?? '';
exec('DROP INDEX IF EXISTS telemetry_events_type_ts');
await measure('before: without the telemetry (type, ts) index');
exec(INDEX);
await measure('after: with the telemetry (type, ts) index (migration 426)');
console.log(`load average after: ${load()}`);
if (!values.data) rmSync(dir, { recursive: true, force: true });
