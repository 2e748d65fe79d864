import { dashboardGet, type Dashboard, VIEWERS_NOW_MINUTES } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTelemetryReport } from '../src/domain/telemetryReport.ts';
import { addDailyTotals } from '../src/store/telemetryDaily.ts';
import { insertTelemetryEvents, telemetryEventsSince } from '../src/store/telemetry.ts';
import { emptyTotals, startupBucket } from '../src/domain/telemetryReport.ts';
import { slaEvent, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18: the dashboard's figures, summed in SQL, agree with the telemetry report's (JavaScript) figures.
let t: TestServer;
let support: SignedIn;
const HOUR = 3_600_000;
let seq = 0;
const id = () => `evt-dash-${String(++seq).padStart(5, '0')}`;
const sla = (ts: number, sourceId: string, startupMs: number | null, stallMs = 0) =>
  slaEvent({ eventId: id(), ts, sourceId, startupMs, stallMs });
const play = (ts: number, sourceId: string, watchedMs: number) => ({
  eventId: id(),
  ts,
  sourceId,
  type: 'livePlayData' as const,
  startedAt: ts - watchedMs,
  watchedMs,
  timeshift: false,
});
const error = (ts: number, code: string) => ({
  eventId: id(),
  ts,
  sourceId: 'lc-001',
  type: 'playError' as const,
  mode: 'live' as const,
  code,
  message: 'x',
});

async function get(window?: string): Promise<Dashboard> {
  const q = window ? `?window=${window}` : '';
  const a = await t.get(dashboardGet.path + q, { cookie: support.cookie });
  expect(a.body.errCode).toBe(0);
  return a.body.data as Dashboard;
}

beforeAll(async () => {
  t = await startServer();
  support = await signInOperator(t, 'support-dash@ottkit.test', 'support');
  const now = t.clock.now;
  const db = t.server.db;
  const startups = [300, 420, 510, 640, 700, 880, 950, 1200, 2500, 4100];
  await insertTelemetryEvents(
    db,
    'acct-a',
    [
      ...startups.map((ms, i) => sla(now - 90 * 60_000 - i * 1000, i % 2 ? 'lc-001' : 'lc-002', ms, i * 100)),
      sla(now - 3 * HOUR, 'lc-002', null),
      // The previous UTC day (the clock is at noon): inside the last 24 hours all the same.
      sla(now - 20 * HOUR, 'lc-002', 5000),
      play(now - 60_000, 'lc-001', 60_000),
      play(now - 5 * HOUR, 'lc-002', 240_000),
      error(now - HOUR, 'NETWORK'),
      error(now - HOUR, 'NETWORK'),
      error(now - HOUR, 'DECODE'),
    ],
    now,
  );
  await insertTelemetryEvents(db, 'acct-b', [play(now - 120_000, 'lc-001', 30_000)], now);
  // Three days ago, already rolled up: 5 sessions, start-ups 100 ms ×5, one error without its kind.
  const totals = emptyTotals();
  Object.assign(totals, { sessions: 5, stallMs: 1000, watchedMs: 9000, errors: 1 });
  totals.startups.set(startupBucket(100), 5);
  await addDailyTotals(
    db,
    new Date(now - 3 * 24 * HOUR).toISOString().slice(0, 10),
    new Map([['lc-003', totals]]),
  );
});
afterAll(() => t.close());

describe('the dashboard call (issue 18)', () => {
  it('answers 24 hourly buckets with plays and start-up percentiles', async () => {
    const d = await get();
    expect(d.window).toBe('24h');
    expect(d.buckets).toHaveLength(24);
    expect(d.buckets.reduce((n, b) => n + b.plays, 0)).toBe(12);
    const busy = d.buckets.find((b) => b.plays === 10);
    expect(busy).toMatchObject({ startupP50Ms: 700, startupP95Ms: 4100 });
    expect(d.qoe).toMatchObject({ plays: 12, startupP50Ms: 880, startupP95Ms: 5000, errors: 3 });
    expect(d.errorsByKind).toEqual([
      { kind: 'NETWORK', count: 2 },
      { kind: 'DECODE', count: 1 },
    ]);
  });

  it('agrees with the telemetry report computed in JavaScript', async () => {
    const d = await get();
    const [all] = buildTelemetryReport(
      telemetryEventsSince(t.server.db, d.from).map((e) => ({ ...e, sourceId: 'all' })),
    );
    const stall = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].reduce((n, i) => n + i * 100, 0);
    expect(d.qoe.rebufferingRatio).toBeCloseTo(stall / (stall + 330_000), 6);
    expect(all?.stallRatio).toBeCloseTo(d.qoe.rebufferingRatio, 6);
    expect(d.qoe.startupP50Ms).toBe(all?.startupP50Ms ? startupBucket(all.startupP50Ms) : null);
  });

  it('counts viewers now once per account, per channel, named as in the line-up: who plays, not who left', async () => {
    const now = t.clock.now;
    const db = t.server.db;
    const watching = (ts: number, sourceId: string) => ({
      eventId: id(),
      ts,
      sourceId,
      type: 'watching' as const,
      mode: 'live' as const,
    });
    // Before any report, nobody: the plays of beforeAll ended (a session is reported as it ends).
    expect((await get()).viewersNow.total).toBe(0);
    await insertTelemetryEvents(db, 'acct-a', [watching(now - 30_000, 'lc-001')], now - 30_000);
    await insertTelemetryEvents(db, 'acct-b', [watching(now - 70_000, 'lc-001')], now - 70_000);
    // A later report of acct-b and then, delivered late, the end of an earlier session: still watching.
    await insertTelemetryEvents(
      db,
      'acct-b',
      [watching(now - 10_000, 'lc-001'), play(now - 20_000, 'lc-001', 5_000)],
      now,
    );
    // acct-c watched lc-002 and left: its session's end takes it away.
    await insertTelemetryEvents(db, 'acct-c', [watching(now - 50_000, 'lc-002')], now - 50_000);
    await insertTelemetryEvents(db, 'acct-c', [play(now - 5_000, 'lc-002', 45_000)], now);
    // acct-d's player went quiet longer ago than the window (a closed laptop); a guest is not a subscriber.
    await insertTelemetryEvents(db, 'acct-d', [watching(now - 10 * 60_000, 'lc-003')], now - 10 * 60_000);
    await insertTelemetryEvents(db, '', [watching(now - 1_000, 'lc-003')], now);
    const d = await get();
    expect(d.viewersNow.minutes).toBe(VIEWERS_NOW_MINUTES);
    expect(d.viewersNow.total).toBe(2);
    const lineup = t.server.db.get<{ name: string; seq: number }>(
      "SELECT logical_channel_name AS name, channel_seq AS seq FROM channels WHERE logical_channel_id = 'lc-001'",
    );
    expect(lineup?.name).toBeTruthy();
    expect(d.viewersNow.channels).toEqual([
      { sourceId: 'lc-001', name: lineup?.name, number: Number(lineup?.seq), viewers: 2 },
    ]);
    // The reports are not plays: the figures of the window are those of beforeAll's events plus the two ends.
    expect(d.qoe.plays).toBe(12);
  });

  it('adds the rolled-up days over 7 days, by UTC day', async () => {
    const d = await get('7d');
    expect(d.buckets).toHaveLength(7);
    expect(d.bucketMs).toBe(24 * HOUR);
    expect(d.qoe.plays).toBe(17);
    expect(d.qoe.errors).toBe(4);
    expect(d.errorsByKind).toContainEqual({ kind: '', count: 1 });
    const old = d.buckets.find((b) => b.plays === 5);
    expect(old).toMatchObject({ startupP50Ms: 100, startupP95Ms: 100 });
  });

  it('refuses an unknown window as the client’s mistake', async () => {
    const a = await t.get(`${dashboardGet.path}?window=1y`, { cookie: support.cookie });
    expect(a.status).toBe(400);
  });
});
