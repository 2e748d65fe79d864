import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaLibrary } from '../src/media/library.ts';
import { readFragment, readInit, type TrackInfo } from '../src/media/mp4.ts';
import { createOrigin } from '../src/origin/origin.ts';
import { signMediaToken } from '../src/origin/tokens.ts';
import { createMediaUrls } from '../src/origin/urls.ts';
import { parseM3u8, SECRET, tinyLibrary } from './origin-fixture.ts';

const T0 = Date.UTC(2026, 10, 22, 12);
let lib: MediaLibrary;
let server: Server;
let base: string;
const clock = { now: T0 + 500 };

beforeAll(async () => {
  lib = await tinyLibrary();
  const origin = createOrigin({ dataDir: '', secret: SECRET, library: lib, now: () => clock.now });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    origin.handle(req, res, url).then((mine) => {
      if (!mine) res.writeHead(418).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const urls = () => createMediaUrls(SECRET, () => clock.now);
const get = (path: string) => fetch(new URL(path, base));
const text = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const bytes = async (url: URL | string) => {
  const res = await fetch(url);
  expect(res.status, String(url)).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

describe('live origin over HTTP (tiny profile, fake clock)', () => {
  it('plays a channel: master → variant → init + segments, token in every child URL', async () => {
    const master = urls().live({ liveStreamId: 'ch1', accountId: 'acc-1' });
    expect(master).toMatch(/^\/media\/live\/ch1\/master\.m3u8\?token=[\w-]+\.[\w-]+$/);
    const token = new URL(master, base).searchParams.get('token');
    const m = parseM3u8(await text(master));
    const variant = m.playlists?.[0];
    expect(variant?.uri).toBe(`lq/index.m3u8?token=${token}`);
    expect(variant?.attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
    expect(variant?.attributes.RESOLUTION).toEqual({ width: 426, height: 240 });
    const variantUrl = new URL(variant?.uri ?? '', new URL(master, base));
    const res = await fetch(variantUrl);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const media = parseM3u8(await res.text());
    expect(media.mediaSequence).toBe(T0 / 2000 - 6);
    const seg = media.segments.at(-1);
    expect(seg?.uri).toBe(`${T0 / 2000 - 1}.m4s?token=${token}`);
    const segRes = await fetch(new URL(seg?.uri ?? '', variantUrl));
    expect(segRes.status).toBe(200);
    expect(segRes.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const init = await bytes(new URL(seg?.map?.uri ?? '', variantUrl));
    const tracks = readInit(init);
    const frag = readFragment(new Uint8Array(await segRes.arrayBuffer()), tracks);
    const video = tracks.find((t) => t.kind === 'video') as TrackInfo;
    // The decode timeline is the wall clock: segment n starts at n × 2 s.
    expect(frag.tracks.find((t) => t.trackId === video.trackId)?.decodeTime).toBe(
      BigInt(T0 / 2000 - 1) * BigInt(2 * video.timescale),
    );
  });

  it('keeps decode times continuous and increasing across the loop boundary, for every track', async () => {
    const src = lib.sources.ch1;
    if (!src) throw new Error('no ch1');
    const loopSegs = src.segmentCount;
    // The live edge sits just after a loop boundary: segments k×loop−3 … k×loop+2.
    const boundary = Math.ceil(T0 / 2000 / loopSegs + 1) * loopSegs;
    clock.now = (boundary + 3) * 2000 + 10;
    const master = urls().live({ liveStreamId: 'ch1', accountId: 'acc-1' });
    const variantUrl = new URL(
      parseM3u8(await text(master)).playlists?.[0]?.uri ?? '',
      new URL(master, base),
    );
    const media = parseM3u8(await (await fetch(variantUrl)).text());
    const tracks = readInit(await bytes(new URL(media.segments[0]?.map?.uri ?? '', variantUrl)));
    const frags = [];
    for (const s of media.segments) frags.push(readFragment(await bytes(new URL(s.uri, variantUrl)), tracks));
    const numbers = media.segments.map((s) => Number(s.uri.split('.')[0]));
    expect(numbers).toContain(boundary);
    expect(numbers).toContain(boundary - 1);
    for (let i = 1; i < frags.length; i++) {
      expect(frags[i]?.sequenceNumber).toBeGreaterThan(frags[i - 1]?.sequenceNumber ?? 0);
      for (const t of frags[i]?.tracks ?? []) {
        const prev = frags[i - 1]?.tracks.find((p) => p.trackId === t.trackId);
        expect(t.decodeTime, `track ${t.trackId} at ${numbers[i]}`).toBe(
          (prev?.decodeTime ?? 0n) + BigInt(prev?.duration ?? 0),
        );
      }
    }
  });

  it('serves the audio-only stream with an audio-only master', async () => {
    const m = parseM3u8(await text(urls().live({ liveStreamId: 'audio1', accountId: '' })));
    expect(m.playlists).toHaveLength(1);
    expect(m.playlists?.[0]?.attributes.CODECS).toBe('mp4a.40.2');
    expect(m.playlists?.[0]?.attributes.RESOLUTION).toBeUndefined();
  });

  it('serves the fallback clip to anyone who got its URL', async () => {
    const m = parseM3u8(await text(urls().fallback({ accountId: '' })));
    expect(m.playlists?.length).toBeGreaterThan(0);
  });

  it('answers 403 for tampered, expired, wrong-stream and wrong-kind tokens, on playlists and segments', async () => {
    const edge = Math.floor(clock.now / 2000) - 1;
    const exp = Math.floor(clock.now / 1000) + 60;
    const sign = (resource: string, kind: 'live' | 'vod' | 'catchup', e = exp) =>
      signMediaToken(SECRET, { accountId: 'a', resource, kind, exp: e });
    const good = sign('live/ch1', 'live');
    const bad = {
      tampered: `${good.slice(0, 10)}x${good.slice(11)}`,
      expired: sign('live/ch1', 'live', Math.floor(clock.now / 1000) - 1),
      otherStream: sign('live/ch2', 'live'),
      wrongKind: sign('live/ch1', 'vod'),
    };
    expect((await get(`/media/live/ch1/lq/${edge}.m4s?token=${good}`)).status).toBe(200);
    for (const [why, t] of Object.entries(bad)) {
      for (const p of ['master.m3u8', 'lq/index.m3u8', 'lq/init.mp4', `lq/${edge}.m4s`]) {
        expect((await get(`/media/live/ch1/${p}?token=${t}`)).status, `${why} ${p}`).toBe(403);
      }
    }
    expect((await get('/media/live/ch1/master.m3u8')).status).toBe(403);
  });

  it('404s segments not yet complete or behind the live window (the DVR is time-shift only), and unknown streams', async () => {
    const edge = Math.floor(clock.now / 2000) - 1;
    const t = signMediaToken(SECRET, {
      accountId: 'a',
      resource: 'live/ch1',
      kind: 'live',
      exp: clock.now / 1000 + 60,
    });
    expect((await get(`/media/live/ch1/lq/${edge + 1}.m4s?token=${t}`)).status).toBe(404);
    // The live window (6 segments) and 30 s of slack, never the DVR window (decision 0100).
    expect((await get(`/media/live/ch1/lq/${edge - 21}.m4s?token=${t}`)).status).toBe(404);
    expect((await get(`/media/live/ch1/lq/${edge - 20}.m4s?token=${t}`)).status).toBe(200);
    const n = signMediaToken(SECRET, {
      accountId: 'a',
      resource: 'live/nope',
      kind: 'live',
      exp: clock.now / 1000 + 60,
    });
    expect((await get(`/media/live/nope/master.m3u8?token=${n}`)).status).toBe(404);
  });

  it('leaves other paths to the caller', async () => {
    expect((await get('/media/logo/x.png')).status).toBe(418);
    expect((await get('/api/x')).status).toBe(418);
  });
});
