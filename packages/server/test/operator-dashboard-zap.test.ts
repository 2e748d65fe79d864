import { type Dashboard, dashboardGet, metricsBatchPost } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpTelemetry } from '../src/domain/telemetryRetention.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18 §1: the players' channel-change time (key or click to the new channel's first frame) reaches the
// dashboard as p50/p95 summed in SQL, from raw events and from days already rolled up.
let t: TestServer;
let support: SignedIn;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let seq = 0;
const zap = (ts: number, zapMs?: number) => ({
  eventId: `evt-zap-${String(++seq).padStart(5, '0')}`,
  ts,
  sourceId: 'lc-001',
  type: 'streamSla' as const,
  mode: 'live' as const,
  startupMs: 400,
  stalls: 0,
  stallMs: 0,
  bitrateSwitches: 0,
  errors: 0,
  ...(zapMs === undefined ? {} : { zapMs }),
});

async function dashboard(window: string): Promise<Dashboard> {
  const a = await t.get(`${dashboardGet.path}?window=${window}`, { cookie: support.cookie });
  expect(a.body.errCode).toBe(0);
  return dashboardGet.response.parse(a.body.data);
}
const report = (events: object[]) => t.post(metricsBatchPost.path, { events });

beforeAll(async () => {
  t = await startServer();
  support = await signInOperator(t, 'support-zap@ottkit.test', 'support');
});
afterAll(() => t.close());

describe('channel-change time on the dashboard', () => {
  it('is null until a player reports a zap', async () => {
    expect((await report([zap(t.clock.now - 1000)])).body.errCode).toBe(0);
    const d = await dashboard('24h');
    expect(d.qoe).toMatchObject({ channelChangeP50Ms: null, channelChanges: 0 });
  });

  it('takes the zaps reported in the batch format and answers p50 and p95 per window and bucket', async () => {
    const now = t.clock.now;
    const times = [180, 220, 260, 300, 340, 380, 420, 460, 900, 2400];
    const a = await report(times.map((ms, i) => zap(now - 30 * 60_000 - i * 1000, ms)));
    expect(a.body).toMatchObject({ errCode: 0, data: { accepted: 10 } });
    const d = await dashboard('24h');
    expect(d.qoe).toMatchObject({ channelChangeP50Ms: 340, channelChangeP95Ms: 2400, channelChanges: 10 });
    const bucket = d.buckets.find((b) => b.channelChangeP50Ms !== null);
    expect(bucket).toMatchObject({ channelChangeP50Ms: 340, channelChangeP95Ms: 2400 });
  });

  it('refuses a negative zap time as the client’s mistake', async () => {
    const a = await report([zap(t.clock.now, -5)]);
    expect(a.status).toBe(400);
  });

  it('keeps the zaps of rolled-up days (their histogram) for 7 days', async () => {
    t.advance(3 * DAY);
    await rollUpTelemetry(t.server.db, t.clock.now, 90);
    // The console session lasted 8 hours: sign in again.
    support = await signInOperator(t, 'support-zap-2@ottkit.test', 'support');
    const raw = t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM telemetry_events')?.n;
    expect(raw).toBe(0);
    const d = await dashboard('7d');
    expect(d.qoe).toMatchObject({ channelChangeP50Ms: 340, channelChangeP95Ms: 2400, channelChanges: 10 });
    expect((await dashboard('24h')).qoe.channelChangeP50Ms).toBeNull();
  });
});
