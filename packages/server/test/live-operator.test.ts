// Test run: about 42 s (scripts/vitest-sequencer.ts starts it early)
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ErrCode } from '@ottkit/api-client';
import {
  type LiveChannelView,
  liveChannels,
  liveHealthHistory,
  liveSourcesSet,
  liveSourceSwitch,
  OperatorErrCode,
  PREFETCH_QUERY_PARAM,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestedStreams } from '../src/live/originStreams.ts';
import { supervisorFor } from '../src/live/registry.ts';
import { HealthSampler, healthHistory, trimHealth } from '../src/live/healthHistory.ts';
import { recordedRange } from '../src/live/recordedRange.ts';
import {
  addChannelSource,
  channelSources,
  recordSwitch,
  requestOnAir,
  setChannelMode,
  trimSwitches,
} from '../src/live/store.ts';
import { LiveSupervisor } from '../src/live/supervisor.ts';
import { startServer, type TestServer } from './helpers.ts';
import { lines, startTestSource, type TestSource, until } from './liveSource.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 17 remainder (decision 0255): a channel's live sources, mode and health over the operator calls, applied
// by the running supervisor at once; switches counted across a restart.
const UDP = 'udp://127.0.0.1:8561';
const DEAD = 'hls+http://127.0.0.1:8562/none.m3u8';
const BACKUP = 'udp://127.0.0.1:8569';
const CHANNEL = 'lc-004';

let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let sup: LiveSupervisor;
const sources: TestSource[] = [];

const log = (l: string) => lines.push(`${new Date().toISOString().slice(11, 23)} ${l}`);
const newSupervisor = () =>
  new LiveSupervisor({
    db: t.server.db,
    dataDir: t.dataDir,
    mediaDir: join(t.dataDir, 'media'),
    // No periodic read during the test: only the operator call and the first request make it read the store.
    reloadMs: 3_600_000,
    // The primary comes back after 1.5 s healthy (a minute in production): a source an operator holds on air stays.
    rules: { backoffMs: 200, maxBackoffMs: 1000, primaryRetryMs: 1500 },
    log,
  });

beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'support@ottkit.test', 'support');
  sup = newSupervisor();
  await sup.start();
});

afterAll(async () => {
  await sup?.close();
  await Promise.all(sources.map((s) => s.stop()));
  await t?.close();
});

async function channel(who: SignedIn, id = CHANNEL): Promise<LiveChannelView> {
  const a = await t.get(`${liveChannels.path}?channelId=${id}`, { cookie: who.cookie });
  expect(a.body.errCode, a.body.errMsg).toBe(0);
  return liveChannels.response.parse(a.body.data).channels[0] as LiveChannelView;
}

const set = (who: SignedIn, body: Record<string, unknown>) =>
  t.post(liveSourcesSet.path, { channelId: CHANNEL, ...body }, { cookie: who.cookie });

describe('live sources over operator calls', () => {
  it('an editor sets sources and mode; the supervisor runs them at once; support reads the health', async () => {
    expect(supervisorFor(t.dataDir)).toBe(sup);
    const before = await channel(support);
    expect(before).toMatchObject({ channelId: CHANNEL, sources: [], running: false, mode: 'relay' });
    expect(before.packager).toBeUndefined();

    sources.push(startTestSource({ target: UDP, format: 'mpegts', label: 'OPERATOR' }));
    const a = await set(editor, { sources: [UDP, DEAD], mode: 'record', retentionDays: 2 });
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    const answered = liveSourcesSet.response.parse(a.body.data).channel;
    expect(answered).toMatchObject({ mode: 'record', retentionDays: 2, video: 'copy' });
    expect(answered.sources.map((s) => [s.position, s.url, s.origin])).toEqual([
      [1, `${UDP}`, 'operator'],
      [2, DEAD, 'operator'],
    ]);
    // Running now, without the periodic read (an hour away).
    expect(sup.channelStatus(CHANNEL)?.running).toBe(true);

    await until(
      'the primary live with its health',
      () => (sup.channelStatus(CHANNEL)?.sources[0]?.bitrate ?? 0) > 0,
      30_000,
    );
    // Sampled on air for the history the last test reads. The housekeeping round samples every 2 s: on a busy
    // machine none ran while the primary's bitrate was known before the next test changed the sources (once, on
    // PostgreSQL), and the chart then had no bitrate to show.
    await until(
      'the primary sampled on air for the history',
      async () => {
        await sup.flushHealth();
        const sampled = t.server.db.get<{ n: number | string }>(
          'SELECT COUNT(*) AS n FROM live_health WHERE logical_channel_id = ? AND bitrate_sum > 0',
          CHANNEL,
        );
        return Number(sampled?.n ?? 0) > 0;
      },
      10_000,
    );
    const live = await channel(support);
    expect(live.sources[0]?.state).toBe('live');
    expect(live).toMatchObject({ running: true, activeSource: 1 });
    // Which server packages it and since when, from the packager lock (decision 0317), by its host name only
    // (decision 0370: the lock's pid and id are the log's).
    expect(live.packager?.server).toBe(hostname());
    expect(sup.owner.startsWith(`${hostname()}:`)).toBe(true);
    expect(live.packager?.since).toBeLessThanOrEqual(Date.now());
    expect(live.sources[0]).toMatchObject({ videoCodec: 'h264', audioCodec: 'mp2', resolution: '320x180' });
    expect(live.diskBytes).toBeGreaterThan(0);
    // The list shows the same channel.
    const list = await t.get(liveChannels.path, { cookie: support.cookie });
    const all = liveChannels.response.parse(list.body.data);
    expect(all.channels.find((c) => c.channelId === CHANNEL)?.sources.length).toBe(2);

    // Audited with before and after.
    const row = t.server.db.get<{ before_json: string; after_json: string; target: string }>(
      "SELECT before_json, after_json, target FROM operator_audit WHERE action = 'live.sources.set'",
    );
    expect(row?.target).toBe(CHANNEL);
    expect(JSON.parse(row?.before_json ?? '{}')).toMatchObject({ sources: [], mode: 'relay' });
    expect(JSON.parse(row?.after_json ?? '{}')).toMatchObject({ sources: [UDP, DEAD], mode: 'record' });
  }, 60_000);

  it('support may not change sources', async () => {
    const a = await set(support, { sources: [], mode: 'relay' });
    expect([a.status, a.body.errCode]).toEqual([403, OperatorErrCode.ROLE_REFUSED]);
  });

  it('an editor switches to the backup, which stays on air until asked back; support may not (issue 37)', async () => {
    sources.push(startTestSource({ target: BACKUP, format: 'mpegts', label: 'BACKUP' }));
    expect(
      (await set(editor, { sources: [UDP, BACKUP], mode: 'record', retentionDays: 2 })).body.errCode,
    ).toBe(0);
    const status = () => sup.channelStatus(CHANNEL);
    await until(
      'the primary on air, the backup live beside it',
      () => status()?.activeSource === 1 && status()?.sources.every((x) => x.state === 'live'),
      30_000,
    );
    const ask = (who: SignedIn, position: number) =>
      t.post(liveSourceSwitch.path, { channelId: CHANNEL, position }, { cookie: who.cookie });
    expect((await ask(support, 2)).body.errCode).toBe(OperatorErrCode.ROLE_REFUSED);
    const none = await ask(editor, 3);
    expect(none.status).toBeLessThan(500);
    expect(none.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(none.body.errMsg).toMatch(/has 2 sources: there is no source 3/);

    const a = await ask(editor, 2);
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    expect(liveSourceSwitch.response.parse(a.body.data).channel.askedSource).toBe(2);
    await until('the backup on air', () => status()?.activeSource === 2, 10_000);
    // The primary, healthy as standby for more than the time that brings it back, stays off air.
    await new Promise((r) => setTimeout(r, 3000));
    expect(status()).toMatchObject({ activeSource: 2, askedSource: 2 });
    expect((await channel(support)).askedSource).toBe(2);
    const row = t.server.db.get<{ after_json: string }>(
      "SELECT after_json FROM operator_audit WHERE action = 'live.source.switch'",
    );
    expect(JSON.parse(row?.after_json ?? '{}')).toEqual({ position: 2, source: BACKUP });

    expect((await ask(editor, 1)).body.errCode).toBe(0);
    await until('the primary back on air', () => status()?.activeSource === 1, 10_000);
  }, 60_000);

  it('refuses bad sources in words and keeps what was stored', async () => {
    const stored = await channelSources(t.server.db, CHANNEL);
    for (const [sources, words] of [
      [['concat:/etc/passwd'], /hls\+http/],
      [['file:///etc/passwd'], /media folder/],
      [['udp://127.0.0.1:8563', 'udp://127.0.0.1:8563'], /twice/],
      [['srt://127.0.0.1:8564?mode=caller&exec=x'], /exec/],
    ] as const) {
      const a = await set(editor, { sources, mode: 'record' });
      expect(a.status, String(sources)).toBeLessThan(500);
      expect(a.body.errCode, String(sources)).toBe(ErrCode.INVALID_REQUEST);
      expect(a.body.errMsg).toMatch(words);
    }
    expect(await channelSources(t.server.db, CHANNEL)).toEqual(stored);
  });

  it('a masked password sent back keeps the stored one', async () => {
    const secret = 'srt://127.0.0.1:8565?mode=caller&passphrase=verysecret123';
    let a = await set(editor, { sources: [secret], mode: 'relay' });
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    const shown = (await channel(support)).sources[0]?.url ?? '';
    expect(shown).not.toContain('verysecret123');
    a = await set(editor, { sources: [shown, UDP], mode: 'relay' });
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    expect((await channelSources(t.server.db, CHANNEL)).map((s) => s.url)).toEqual([secret, UDP]);
  });

  it('an unknown channel is a clear not-found', async () => {
    const a = await t.post(
      liveSourcesSet.path,
      { channelId: 'no-such-channel', sources: [], mode: 'relay' },
      { cookie: editor.cookie },
    );
    expect(a.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
  });
});

describe('the supervisor reads a changed channel at once, and keeps its switch count', () => {
  it('finds a channel given sources elsewhere (the CLI) on its first request', async () => {
    // The CLI writes the store in another process: no call reaches this supervisor.
    await addChannelSource(t.server.db, 'lc-006', UDP);
    await setChannelMode(t.server.db, 'lc-006', 'relay', 1);
    const stream = t.server.db.get<{ live_stream_id: string }>(
      "SELECT live_stream_id FROM channels WHERE logical_channel_id = 'lc-006'",
    )?.live_stream_id as string;
    expect(sup.channelStatus('lc-006')).toBeUndefined();
    expect(await sup.channelOfStream(stream)).toBe('lc-006');
    expect(await sup.touch('lc-006', 'viewer-1', 20_000)).toBe(true);
    // A sample loop's stream id is no live channel, and asking again does not read the store again.
    expect(await sup.channelOfStream('ch1')).toBeUndefined();
  }, 30_000);

  it('a prefetch never opens an idle relay channel, nor counts as a viewer (decision 0258)', async () => {
    // Its own input: a UDP port is taken by the one channel that listens on it.
    const udp = 'udp://127.0.0.1:8568';
    sources.push(startTestSource({ target: udp, format: 'mpegts', label: 'NEIGHBOUR' }));
    await addChannelSource(t.server.db, 'lc-009', udp);
    await setChannelMode(t.server.db, 'lc-009', 'relay', 1);
    const stream = t.server.db.get<{ live_stream_id: string }>(
      "SELECT live_stream_id FROM channels WHERE logical_channel_id = 'lc-009'",
    )?.live_stream_id as string;
    const resolve = ingestedStreams(sup, {
      now: Date.now,
      windowSegments: 6,
      dvrWindowSec: 3600,
      maxCatchupDays: 30,
      liveSlackSec: 30,
    });
    const ready = async (query: string) => {
      const r = await resolve(
        'live',
        stream,
        ['master.m3u8'],
        new URL(`http://o/media/live/${stream}/master.m3u8${query}`),
      );
      if (!r || !('stream' in r)) throw new Error('not a live channel');
      return r.stream.ready?.('token-of-a-neighbour');
    };
    expect(await ready(`?token=x&${PREFETCH_QUERY_PARAM}=1`)).toMatchObject({ status: 503 });
    expect(sup.channelStatus('lc-009')).toMatchObject({ running: false, viewers: 0 });
    // The viewer who zaps to it opens it; a prefetch of it is then served like any request, still no viewer.
    expect(await ready('?token=x')).toBeUndefined();
    expect(sup.channelStatus('lc-009')).toMatchObject({ running: true, viewers: 1 });
    expect(await ready(`?token=y&${PREFETCH_QUERY_PARAM}=1`)).toBeUndefined();
    expect(sup.channelStatus('lc-009')?.viewers).toBe(1);
  }, 30_000);

  it('counts switches of the last 24 h across a restart', async () => {
    // The primary answers nothing: every failure of it moves to the backup, a switch (more than the operator's).
    const before = sup.channelStatus(CHANNEL)?.switches24h ?? 0;
    const a = await set(editor, { sources: [DEAD, UDP], mode: 'relay' });
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    await sup.touch(CHANNEL, 'viewer-2', 20_000);
    const counted = await until('a switch', () => {
      const n = sup.channelStatus(CHANNEL)?.switches24h ?? 0;
      return n > before && n;
    });
    // The dead primary says since when no signal came, not a bitrate (issue 37).
    const dead = (await channel(support)).sources[0];
    // Failed, or starting again on its retry: either way no signal.
    expect(dead?.state).not.toBe('live');
    expect(dead?.bitrate).toBe(0);
    expect(dead?.downSince).toBeGreaterThan(0);
    expect(dead?.downSince).toBeLessThanOrEqual(dead?.lastErrorAt ?? 0);
    // A switch asked long ago is not taken by a supervisor that starts (it was its packager's then).
    await requestOnAir(t.server.db, CHANNEL, UDP, Date.now() - 180_000);
    await sup.close();
    sup = newSupervisor();
    await sup.start();
    expect(sup.channelStatus(CHANNEL)?.askedSource).toBeUndefined();
    // Relay and nobody watching: nothing runs, so nothing new switched; the count is the kept one.
    const after = sup.channelStatus(CHANNEL);
    expect(after?.running).toBe(false);
    expect(after?.switches24h).toBeGreaterThanOrEqual(counted as number);
    expect((await channel(support)).switches24h).toBe(after?.switches24h);
  }, 30_000);

  it('keeps a channel’s last 24 h for the console’s chart: bitrate on air, switches, failures (issue 37)', async () => {
    const history = async (who: SignedIn, id = CHANNEL) =>
      t.get(`${liveHealthHistory.path}?channelId=${id}`, { cookie: who.cookie });
    const a = await history(support);
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    const { bucketMs, buckets } = liveHealthHistory.response.parse(a.body.data);
    // A day of five-minute buckets, oldest first, the current one last.
    expect(bucketMs).toBe(300_000);
    expect(buckets).toHaveLength(288);
    expect(buckets.every((b, i) => i === 0 || b.at - (buckets[i - 1]?.at ?? 0) === bucketMs)).toBe(true);
    expect(buckets.at(-1)?.at).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - (buckets.at(-1)?.at ?? 0)).toBeLessThan(bucketMs);
    // What the tests above ran, kept across the restart: the primary's bitrate while on air, the switches
    // counted on the channel's card, and the dead primary's failures.
    const ran = buckets.filter((b) => b.bitrate !== null);
    expect(ran.length).toBeGreaterThan(0);
    expect(Math.max(...ran.map((b) => b.bitrate ?? 0))).toBeGreaterThan(0);
    const sum = (k: 'switches' | 'errors') => buckets.reduce((s, b) => s + b[k], 0);
    expect(sum('switches')).toBe((await channel(support)).switches24h);
    expect(sum('errors')).toBeGreaterThan(0);
    // Hours before the test ran have no figures: a gap, not a zero.
    expect(buckets[0]).toMatchObject({ bitrate: null, switches: 0, errors: 0 });

    // Guests, subscribers and other roles are refused by operator-roles.test.ts, for every call.
    const none = await history(support, 'lc-nope');
    expect(none.status).toBeLessThan(500);
    expect(none.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
  });

  // Issue 39: every process's supervisor reads the channels every 5 s, looks up the stream a viewer asks for, and
  // writes each channel's health and switches. On PostgreSQL a synchronous query there stopped the whole process,
  // media included, for its round trip.
  it('reads the channels, finds a stream and keeps health and switches without the synchronous store', async () => {
    const health = new HealthSampler(t.server.db, log);
    const now = Date.now();
    health.sample(CHANNEL, now, 1_000_000, 0);
    const asked = await synchronousQueries(t.server.db, async () => {
      await sup.sync();
      await sup.syncChannel(CHANNEL);
      expect(await sup.channelOfStream('no-such-stream')).toBeUndefined();
      await health.flush(now);
      await recordSwitch(t.server.db, CHANNEL, now);
      await trimSwitches(t.server.db, now - 86_400_000);
      await trimHealth(t.server.db, now - 86_400_000);
      await recordedRange(t.server.db, t.dataDir, CHANNEL);
    });
    expect(asked).toEqual([]);
    // What it wrote is there.
    const buckets = await healthHistory(t.server.db, CHANNEL, now);
    expect(buckets.at(-1)?.switches).toBeGreaterThan(0);
    expect(buckets.at(-1)?.bitrate).toBeGreaterThan(0);
  });
});
