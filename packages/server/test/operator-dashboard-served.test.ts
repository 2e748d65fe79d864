import { contract, type Dashboard, dashboardGet, metricsBatchPost } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpTelemetry } from '../src/domain/telemetryRetention.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { SERVED_QUIET_MS } from '../src/store/servedPlays.ts';
import { bearer, type LoggedIn, loginAs, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { parseM3u8, tokenClaims } from './origin-fixture.ts';
import { startProductServer } from './productServer.ts';

// Issue 37 (decision 0389): the dashboard misses the plays whose players never report (a tab killed, the network
// gone, a client without our player). The origin notes what it serves; a play it served that went quiet and that
// no player reported counts on the dashboard, and a play both served and reported counts once.
let t: TestServer;
let support: SignedIn;
let user: LoggedIn;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let seq = 0;
const id = () => `evt-served-${String(++seq).padStart(5, '0')}`;

async function dashboard(window = '24h'): Promise<Dashboard> {
  const a = await t.get(`${dashboardGet.path}?window=${window}`, { cookie: support.cookie });
  expect(a.body.errCode, a.body.errMsg).toBe(0);
  return dashboardGet.response.parse(a.body.data);
}
/** A player's report of a live play of the channel, as the player sends it when the play ends. */
const liveReport = (sourceId: string, ts: number) => ({
  eventId: id(),
  ts,
  sourceId,
  type: 'streamSla' as const,
  mode: 'live' as const,
  startupMs: 700,
  stalls: 0,
  stallMs: 0,
  bitrateSwitches: 0,
  errors: 0,
});
const bucketPlays = (d: Dashboard) => d.buckets.reduce((n, b) => n + b.plays, 0);

async function liveUrl(logicalChannelId: string): Promise<string> {
  const a = await t.post(contract.live.channelPlaySource.path, { logicalChannelId }, bearer(user.token));
  expect(a.body.errCode, a.body.errMsg).toBe(0);
  return contract.live.channelPlaySource.response.parse(a.body.data).url;
}
async function vodAnswer(call: 'playSource' | 'trailer') {
  const a = await t.post(`${contract.vod[call].path}?token=${user.token}`, { metaId: 'm-001' });
  expect(a.body.errCode, a.body.errMsg).toBe(0);
  return a.body.data as { url: string; list?: { url: string }[] };
}

/**
 * What a player fetches: the master playlist, its first variant's playlist and that playlist's first segment; a
 * prefetch of a neighbouring channel marks each request (the player's `markPrefetch`).
 */
async function watch(master: string, prefetch = false) {
  const get = async (u: URL) => {
    if (prefetch) u.searchParams.set('prefetch', '1');
    const r = await fetch(u);
    expect(r.status, u.pathname).toBe(200);
    return r.text();
  };
  const at = t.clock.now;
  const m = new URL(master, t.url);
  const variant = new URL(parseM3u8(await get(m)).playlists?.[0]?.uri ?? '', m);
  const segment = new URL(parseM3u8(await get(variant)).segments[0]?.uri ?? '', variant);
  await get(segment);
  const { a, p } = tokenClaims(master);
  if (!prefetch && typeof a === 'string' && typeof p === 'string') await noted(a, p, at);
}

/**
 * Waits for the origin's note of a play served at `at`: the origin writes it beside serving, not before it answers
 * (on PostgreSQL the write can still be on its way when the next call is made).
 */
async function noted(accountId: string, sourceId: string, at: number) {
  const lastAt = () =>
    Number(
      t.server.db.get<{ at: number | null }>(
        'SELECT MAX(last_at) AS at FROM served_plays WHERE account_id = ? AND source_id = ?',
        accountId,
        sourceId,
      )?.at ?? -1,
    );
  for (const until = Date.now() + 10_000; lastAt() < at && Date.now() < until; )
    await new Promise((done) => setTimeout(done, 20));
  expect(lastAt(), `the served play of ${sourceId} noted`).toBeGreaterThanOrEqual(at);
}

beforeAll(async () => {
  t = await startProductServer();
  support = await signInOperator(t, 'support-served@ottkit.test', 'support');
  user = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
});
afterAll(() => t.close());

describe('plays the origin served and no player reported (issue 37)', () => {
  it('a live play without any report counts once it went quiet, once however long it played', async () => {
    const before = await dashboard();
    const url = await liveUrl('lc-001');
    // The token names the play it is for, as the player reports it.
    expect(tokenClaims(url)).toMatchObject({ a: user.accountId, p: 'lc-001' });
    await watch(url);
    t.advance(90_000);
    await watch(url);
    // Still playing: its player may yet report it, so it is not counted.
    expect((await dashboard()).qoe.plays).toBe(before.qoe.plays);
    t.advance(SERVED_QUIET_MS + 1_000);
    const d = await dashboard();
    expect(d.qoe.plays).toBe(before.qoe.plays + 1);
    expect(d.qoe.playsByServer).toBe(1);
    expect(bucketPlays(d)).toBe(d.qoe.plays);
  });

  it('a play its player reported counts once, also when the report comes after the server counted it', async () => {
    const startedAt = t.clock.now;
    const url = await liveUrl('lc-002');
    await watch(url);
    t.advance(60_000);
    await watch(url);
    const endedAt = t.clock.now + 20_000;
    t.advance(SERVED_QUIET_MS + 60_000);
    // The report went with the network: the server counts the play.
    const served = await dashboard();
    expect(served.qoe.playsByServer).toBe(2);
    // It arrives at the next visit: one play still, now the player's, with its start-up time.
    const report = await t.post(
      metricsBatchPost.path,
      {
        events: [
          {
            eventId: id(),
            ts: endedAt,
            sourceId: 'lc-002',
            type: 'livePlayData',
            startedAt,
            watchedMs: endedAt - startedAt,
            timeshift: false,
          },
          liveReport('lc-002', endedAt),
        ],
      },
      bearer(user.token),
    );
    expect(report.body.errCode, report.body.errMsg).toBe(0);
    const d = await dashboard();
    expect(d.qoe.plays).toBe(served.qoe.plays);
    expect(d.qoe.playsByServer).toBe(1);
    expect(d.qoe.startupP50Ms).toBe(700);
    expect(bucketPlays(d)).toBe(d.qoe.plays);

    // A play reported as it ends, before it goes quiet, is never counted by the server at all.
    const again = await liveUrl('lc-001');
    await watch(again);
    const at = t.clock.now;
    const reported = await t.post(
      metricsBatchPost.path,
      {
        events: [liveReport('lc-001', at + 5_000)],
      },
      bearer(user.token),
    );
    expect(reported.body.errCode).toBe(0);
    t.advance(SERVED_QUIET_MS + 1_000);
    const after = await dashboard();
    expect(after.qoe.plays).toBe(d.qoe.plays + 1);
    expect(after.qoe.playsByServer).toBe(1);
  });

  it('a VOD title counts too; a neighbour’s prefetch and a trailer are no plays', async () => {
    const before = await dashboard();
    const title = (await vodAnswer('playSource')).url;
    expect(tokenClaims(title).p).toBe('m-001');
    await watch(title);
    await watch(await liveUrl('lc-003'), true);
    const trailer = (await vodAnswer('trailer')).list?.[0]?.url;
    expect(tokenClaims(trailer ?? '').p).toBeUndefined();
    await watch(trailer ?? '');
    t.advance(SERVED_QUIET_MS + 1_000);
    const d = await dashboard();
    expect(d.qoe.plays).toBe(before.qoe.plays + 1);
    expect(d.qoe.playsByServer).toBe((before.qoe.playsByServer ?? 0) + 1);
  });

  it('the housekeeping settles them into their day: the 7-day window counts them after the roll-up', async () => {
    const before = await dashboard('7d');
    expect(before.qoe.playsByServer).toBe(2);
    t.advance(3 * DAY);
    rollUpTelemetry(t.server.db, t.clock.now, 30);
    // The console session of three days ago has ended.
    support = await signInOperator(t, 'support-served-later@ottkit.test', 'support');
    expect(t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM served_plays')?.n).toBe(0);
    const d = await dashboard('7d');
    expect(d.qoe.plays).toBe(before.qoe.plays);
    expect(d.qoe.playsByServer).toBe(2);
    expect(bucketPlays(d)).toBe(d.qoe.plays);
  });
});
