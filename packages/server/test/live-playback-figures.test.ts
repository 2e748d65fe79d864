import {
  type LiveChannelView,
  liveChannels,
  liveSourcesSet,
  metricsBatchPost,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpTelemetry } from '../src/domain/telemetryRetention.ts';
import { PLAYBACK_FRESH_MS } from '../src/store/channelPlayback.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import {
  bearer,
  type LoggedIn,
  loginAs,
  registerEmail,
  slaEvent,
  startServer,
  type TestServer,
} from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 41 (decision 0444): the live inputs screen's figures per channel over the last hour, from telemetry
// posted through the players' batch call: delay to viewers (p50/p95 and the low-latency share), start-up and
// channel-change time (p50/p95), read through the console's call.
const MIN = 60_000;
const HOUR = 60 * MIN;
let t: TestServer;
let support: SignedIn;
let viewer: LoggedIn;
let other: LoggedIn;
let seq = 0;
const id = () => `evt-llfig-${String(++seq).padStart(5, '0')}`;

const watching = (ts: number, latencyMs: number, lowLatency: boolean, extra: object = {}) => ({
  eventId: id(),
  ts,
  sourceId: 'lc-001',
  type: 'watching' as const,
  mode: 'live' as const,
  latencyMs,
  lowLatency,
  ...extra,
});
const sla = (ts: number, startupMs: number, zapMs?: number, sourceId = 'lc-001') =>
  slaEvent({ eventId: id(), ts, startupMs, sourceId, ...(zapMs === undefined ? {} : { zapMs }) });

async function report(events: object[], who?: LoggedIn) {
  const a = await t.post(metricsBatchPost.path, { events }, who ? bearer(who.token) : {});
  expect(a.body.errCode, a.body.errMsg).toBe(0);
}

/** The console's list (the live inputs screen's call), or one channel of it. */
async function figures(channelId?: string): Promise<Map<string, LiveChannelView['playback']>> {
  const a = await t.get(`${liveChannels.path}${channelId ? `?channelId=${channelId}` : ''}`, {
    cookie: support.cookie,
  });
  expect(a.body.errCode, a.body.errMsg).toBe(0);
  const { channels } = liveChannels.response.parse(a.body.data);
  return new Map(channels.map((c) => [c.channelId, c.playback]));
}

beforeAll(async () => {
  t = await startServer();
  support = await signInOperator(t, 'support-llfig@ottkit.test', 'support');
  const editor = await signInOperator(t, 'editor-llfig@ottkit.test', 'editor');
  // lc-001 gets a live source, so it is on the screen's list (nothing listens: the figures are the players').
  const set = await t.post(
    liveSourcesSet.path,
    { channelId: 'lc-001', sources: ['udp://127.0.0.1:6391'], mode: 'relay' },
    { cookie: editor.cookie },
  );
  expect(set.body.errCode, set.body.errMsg).toBe(0);
  viewer = await loginAs(t, 'demo@ottkit.test', DEMO_PASSWORD);
  await registerEmail(t, 'llfig-other@ottkit.test');
  other = await loginAs(t, 'llfig-other@ottkit.test', 'secret123');
});
afterAll(() => t?.close());

describe('the live inputs screen’s playback figures', () => {
  it('say nothing before a player reports', async () => {
    expect((await figures()).get('lc-001')).toEqual({ latency: null, startup: null, channelChange: null });
  });

  it('answer p50/p95 of the delay to viewers, start-up and channel change of the last hour, per channel', async () => {
    const now = t.clock.now;
    // One viewer's 20 minutes, 40 to 21 minutes ago: 1,800 to 2,750 ms, 15 of them in low-latency mode. Kept to
    // two significant figures (100 ms buckets from 1 s): 1800 1800 1900 1900 … 2700 2700.
    const minutes = Array.from({ length: 20 }, (_, i) =>
      watching(now - 40 * MIN + i * MIN, 1800 + 50 * i, i >= 5),
    );
    const first = minutes.slice(0, 10);
    await report(first, viewer);
    // The same batch again (its answer was lost): nothing is counted twice.
    await report(first, viewer);
    await report(minutes.slice(10), viewer);
    // Not counted: an older minute arriving late, a guest's report, a time-shifted picture, another channel's
    // start-up, and what is older than the hour.
    await report([watching(now - 35 * MIN, 9000, false)], viewer);
    await report([watching(now - 10 * MIN, 9000, false)]);
    await report([watching(now - 5 * MIN, 9000, false, { mode: 'timeshift' })], viewer);
    await report([watching(now - 2 * HOUR, 9000, false)], other);
    // Start-up of 20 plays: 300, 310 … 490 ms; 10 channel changes; one play two hours ago; another channel's.
    await report(
      Array.from({ length: 20 }, (_, i) =>
        sla(
          now - 30 * MIN + i * 1000,
          300 + 10 * i,
          i < 10 ? [150, 160, 170, 180, 190, 200, 210, 220, 900, 2400][i] : undefined,
        ),
      ),
      viewer,
    );
    await report([sla(now - 2 * HOUR, 5000, 5000), sla(now - MIN, 9000, undefined, 'lc-002')], viewer);

    // A process answers the same figures for PLAYBACK_FRESH_MS: the screen's next polls see them after that.
    expect((await figures()).get('lc-001')?.latency).toBeNull();
    t.advance(PLAYBACK_FRESH_MS);
    let list = new Map<string, LiveChannelView['playback']>();
    // The console's read asks nothing of the synchronous store (issue 39).
    const read = async () => {
      list = await figures();
    };
    expect(await synchronousQueries(t.server.db, read)).toEqual([]);
    expect(list.get('lc-001')).toEqual({
      // Nearest rank over 20 minutes: the 10th (2,250 ms, bucket 2,200) and the 19th (2,700).
      latency: { p50Ms: 2200, p95Ms: 2700, count: 20, lowLatencyShare: 0.75 },
      // Exact: the 10th (390) and 19th (480) start-up; the 5th (190) and 10th (2,400) channel change.
      startup: { p50Ms: 390, p95Ms: 480, count: 20 },
      channelChange: { p50Ms: 190, p95Ms: 2400, count: 10 },
    });
    // A channel is read on its own the same way (the editor's call), with or without sources.
    expect((await figures('lc-001')).get('lc-001')).toEqual(list.get('lc-001'));
    expect((await figures('lc-002')).get('lc-002')).toEqual({
      latency: null,
      startup: { p50Ms: 9000, p95Ms: 9000, count: 1 },
      channelChange: null,
    });
  });

  it('move on with the hour; the hourly roll-up forgets the delay slots past it', async () => {
    t.advance(25 * MIN);
    // The twenty minutes were reported 40 to 21 minutes before: now 65 to 46 minutes ago. The window keeps the
    // five-minute slots begun at or after an hour ago: the first slot's five minutes (1,800-2,000 ms) are gone.
    expect((await figures()).get('lc-001')).toMatchObject({
      latency: { p50Ms: 2400, p95Ms: 2700, count: 15, lowLatencyShare: 1 },
      startup: { count: 20 },
    });
    t.advance(HOUR);
    await rollUpTelemetry(t.server.db, t.clock.now, 30);
    const left = await t.server.db.kysely
      .selectFrom('telemetry_latency')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(left?.n)).toBe(0);
    // A console session lasts 8 hours: still signed in.
    expect((await figures()).get('lc-001')).toEqual({ latency: null, startup: null, channelChange: null });
  });
});
