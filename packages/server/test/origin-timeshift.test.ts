import { createDecipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFragment, readInit, type TrackInfo } from '../src/media/mp4.ts';
import { SEGMENT_SEC } from '../src/media/profiles.ts';
import { cutCatchup } from '../src/origin/catchup.ts';
import { sequenceIv } from '../src/origin/keys.ts';
import { signMediaToken } from '../src/origin/tokens.ts';
import { SECRET, startOrigin, tinyLibrary } from './origin-fixture.ts';

const T0 = Date.UTC(2026, 10, 22, 12); // on a segment boundary
const HOUR = 3600_000;
/** One segment's length in the first track's ticks. */
const segmentTicks = (tracks: TrackInfo[]) => BigInt((tracks[0]?.timescale ?? 0) * SEGMENT_SEC);
let o: Awaited<ReturnType<typeof startOrigin>>;

beforeAll(async () => {
  o = await startOrigin({ library: await tinyLibrary(), nowMs: T0 });
});
afterAll(() => o.close());

async function variant(master: string) {
  const { url, m } = await o.playlist(master);
  return o.playlist(new URL(m.playlists?.[0]?.uri ?? '', url));
}

describe('catch-up cut (pure)', () => {
  const day = 24 * HOUR;
  it('cuts the segments overlapping [start, stop), VOD once the last one is complete', () => {
    const c = cutCatchup({ start: T0 - HOUR + 1000, stop: T0 - HOUR / 2 + 1 }, T0, 2);
    expect(c).toEqual({
      ok: true,
      ended: true,
      range: { first: (T0 - HOUR) / 2000, last: (T0 - HOUR / 2) / 2000 },
    });
  });
  it('on air: up to the live edge, not ended', () => {
    const c = cutCatchup({ start: T0 - 60_000, stop: T0 + 60_000 }, T0 + 1, 2);
    expect(c).toEqual({
      ok: true,
      ended: false,
      range: { first: (T0 - 60_000) / 2000, last: T0 / 2000 - 1 },
    });
  });
  it('ends exactly when the segment holding stop is complete', () => {
    const p = { start: T0 - 10_000, stop: T0 - 1 };
    expect(cutCatchup(p, T0 - 1, 2).ok && cutCatchup(p, T0 - 1, 2)).toMatchObject({ ended: false });
    expect(cutCatchup(p, T0, 2)).toMatchObject({ ended: true });
  });
  it('refuses programmes outside the playbackDuration window, not started, or malformed', () => {
    expect(cutCatchup({ start: T0 - 3 * day + 1, stop: T0 - 2 * day }, T0, 2, 3).ok).toBe(true);
    expect(cutCatchup({ start: T0 - 3 * day - 1, stop: T0 - 2 * day }, T0, 2, 3)).toEqual({
      ok: false,
      reason: 'too-old',
    });
    expect(cutCatchup({ start: T0 + 1, stop: T0 + HOUR }, T0, 2)).toEqual({
      ok: false,
      reason: 'not-started',
    });
    expect(cutCatchup({ start: T0, stop: T0 - 1 }, T0 + HOUR, 2)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('catch-up over HTTP', () => {
  it('an ended programme is a VOD playlist with ENDLIST, dated from its start', async () => {
    const start = T0 - 2 * HOUR;
    const stop = T0 - 2 * HOUR + 60_000;
    const { m, headers } = await variant(
      o.urls.catchup({ liveStreamId: 'ch1', accountId: 'a', start, stop }),
    );
    expect(m.playlistType).toBe('VOD');
    expect(m.endList).toBe(true);
    expect(m.segments).toHaveLength(30);
    expect(m.mediaSequence).toBe(start / 2000);
    expect(m.segments[0]?.dateTimeObject?.getTime()).toBe(start);
    expect(headers.get('cache-control')).toContain('max-age=3600');
  });

  it('a programme on air is an EVENT playlist that grows, without ENDLIST', async () => {
    const start = T0 - 20_000;
    const url = o.urls.catchup({ liveStreamId: 'ch2', accountId: 'a', start, stop: T0 + HOUR });
    const a = await variant(url);
    expect(a.m.playlistType).toBe('EVENT');
    expect(a.m.endList).toBeFalsy();
    expect(a.m.segments).toHaveLength(10);
    o.clock.now = T0 + 4000;
    expect((await variant(url)).m.segments).toHaveLength(12);
    o.clock.now = T0;
  });

  it('serves the programme segments with wall-clock decode times, and nothing outside its window', async () => {
    const start = T0 - HOUR;
    const url = o.urls.catchup({ liveStreamId: 'ch1', accountId: 'a', start, stop: start + 10_000 });
    const v = await variant(url);
    const seg = await o.get(new URL(v.m.segments[0]?.uri ?? '', v.url));
    const init = await o.get(new URL(v.m.segments[0]?.map?.uri ?? '', v.url));
    const tracks = readInit(new Uint8Array(await init.arrayBuffer()));
    const f = readFragment(new Uint8Array(await seg.arrayBuffer()), tracks);
    // Segment n starts at n × 2 s of the video track's own clock (its timescale follows the frame rate).
    expect(f.tracks[0]?.decodeTime).toBe(BigInt(start / 2000) * segmentTicks(tracks));
    const token = v.url.searchParams.get('token');
    const base = new URL(`./${start / 2000 + 5}.m4s?token=${token}`, v.url);
    expect((await o.get(base)).status).toBe(404);
  });

  it('refuses a window outside the catch-up bound, a live token, and a token for another programme', async () => {
    const old = T0 - 40 * 24 * HOUR;
    const { m, url } = await o.playlist(
      o.urls.catchup({ liveStreamId: 'ch1', accountId: 'a', start: old, stop: old + HOUR }),
    );
    expect((await o.get(new URL(m.playlists?.[0]?.uri ?? '', url))).status).toBe(404);
    const live = signMediaToken(SECRET, {
      accountId: 'a',
      resource: 'live/ch1',
      kind: 'live',
      exp: T0 / 1000 + 60,
    });
    const w = `${T0 - HOUR}-${T0 - HOUR / 2}`;
    expect((await o.get(`/media/catchup/ch1/${w}/master.m3u8?token=${live}`)).status).toBe(403);
    const other = o.urls.catchup({ liveStreamId: 'ch1', accountId: 'a', start: T0 - HOUR, stop: T0 - 1000 });
    const otherToken = new URL(other, o.base).searchParams.get('token');
    expect((await o.get(`/media/catchup/ch1/${w}/master.m3u8?token=${otherToken}`)).status).toBe(403);
  });
});

describe('time-shift (DVR)', () => {
  it('lists from the programme start to live, with the time-shift token', async () => {
    const startMs = T0 - 10 * 60_000;
    const v = await variant(o.urls.dvr({ liveStreamId: 'ch1', accountId: 'a', startMs }));
    expect(v.m.mediaSequence).toBe(startMs / 2000);
    expect(v.m.segments).toHaveLength(300);
    expect(v.m.segments.at(-1)?.dateTimeObject?.getTime()).toBe(T0 - 2000);
    expect(v.m.endList).toBeFalsy();
    // A segment 10 minutes back is there to seek to.
    expect((await o.get(new URL(v.m.segments[0]?.uri ?? '', v.url))).status).toBe(200);
  });

  it('is bounded by the DVR window (4 h by default)', async () => {
    const v = await variant(o.urls.dvr({ liveStreamId: 'ch1', accountId: 'a', startMs: T0 - 10 * HOUR }));
    expect(v.m.segments).toHaveLength((4 * HOUR) / 2000);
  });
});

describe('on-demand assets', () => {
  it('plays a title as a VOD playlist with ENDLIST and its length', async () => {
    const v = await variant(o.urls.vod({ assetId: 'trailer1', accountId: 'a' }));
    expect(v.m.endList).toBe(true);
    expect(v.m.playlistType).toBe('VOD');
    expect(v.m.segments.reduce((s, x) => s + x.duration, 0)).toBe(60);
    expect(v.m.segments[0]?.dateTimeObject).toBeUndefined();
    const last = await o.get(new URL(v.m.segments.at(-1)?.uri ?? '', v.url));
    expect(last.status).toBe(200);
    const token = v.url.searchParams.get('token');
    expect((await o.get(new URL(`./30.m4s?token=${token}`, v.url))).status).toBe(404);
  });

  it('refuses a live token on a VOD asset and a VOD token for another asset', async () => {
    const live = signMediaToken(SECRET, {
      accountId: 'a',
      resource: 'vod/vod1',
      kind: 'live',
      exp: T0 / 1000 + 60,
    });
    expect((await o.get(`/media/vod/vod1/master.m3u8?token=${live}`)).status).toBe(403);
    const other = new URL(o.urls.vod({ assetId: 'vod2', accountId: 'a' }), o.base).searchParams.get('token');
    expect((await o.get(`/media/vod/vod1/master.m3u8?token=${other}`)).status).toBe(403);
  });
});

describe('AES-128 protected HLS', () => {
  it('lists a key whose URL needs the token, and encrypts each segment with the sequence-number IV', async () => {
    const v = await variant(o.urls.live({ liveStreamId: 'ch3-aes', accountId: 'a' }));
    expect(v.text).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="\.\.\/aes\.key\?token=[\w.-]+"/);
    const seg = v.m.segments.at(-1);
    const keyUrl = new URL(seg?.key?.uri ?? '', v.url);
    expect(keyUrl.pathname).toBe('/media/live/ch3-aes/aes.key');
    const keyRes = await o.get(keyUrl);
    expect(keyRes.status).toBe(200);
    expect(keyRes.headers.get('cache-control')).toBe('private, no-store');
    const key = Buffer.from(await keyRes.arrayBuffer());
    expect(key).toHaveLength(16);
    keyUrl.search = '';
    expect((await o.get(keyUrl)).status).toBe(403);

    const n = Number(seg?.uri.split('.')[0]);
    const body = Buffer.from(await (await o.get(new URL(seg?.uri ?? '', v.url))).arrayBuffer());
    const d = createDecipheriv('aes-128-cbc', key, sequenceIv(n));
    const clear = Buffer.concat([d.update(body), d.final()]);
    const init = Buffer.from(await (await o.get(new URL(seg?.map?.uri ?? '', v.url))).arrayBuffer());
    // The init segment stays clear (EXT-X-MAP comes before EXT-X-KEY); the decrypted segment parses.
    const tracks = readInit(init);
    expect(readFragment(clear, tracks).tracks[0]?.decodeTime).toBe(BigInt(n) * segmentTicks(tracks));
  });

  it('keeps the key across restarts (stored under the data folder)', async () => {
    const again = await startOrigin({ library: await tinyLibrary(), nowMs: T0, dataDir: o.dataDir });
    try {
      const a = await (
        await o.get(
          `/media/live/ch3-aes/aes.key${new URL(o.urls.live({ liveStreamId: 'ch3-aes', accountId: 'a' }), o.base).search}`,
        )
      ).arrayBuffer();
      const b = await (
        await again.get(
          `/media/live/ch3-aes/aes.key${new URL(again.urls.live({ liveStreamId: 'ch3-aes', accountId: 'a' }), again.base).search}`,
        )
      ).arrayBuffer();
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    } finally {
      await again.close();
    }
  });
});
