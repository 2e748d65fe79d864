import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaLibrary } from '../src/media/library.ts';
import { readInit } from '../src/media/mp4.ts';
import { tinyLibrary, startOrigin } from './origin-fixture.ts';

// Issue 20 §3: a live channel (ch1) and the on-demand titles (film) carry English and Spanish audio and
// subtitles as HLS alternate renditions (decision 0290).
let lib: MediaLibrary;
let o: Awaited<ReturnType<typeof startOrigin>>;
const NOW = Date.parse('2026-03-01T12:00:00Z');

beforeAll(async () => {
  lib = await tinyLibrary();
  o = await startOrigin({ library: lib, nowMs: NOW });
}, 180_000);
afterAll(() => o?.close());

describe('alternate languages in the library', () => {
  it('ch1 and film have audio-en/audio-es and subs-en/subs-es; other sources have none', () => {
    for (const name of ['ch1', 'film']) {
      const s = lib.sources[name];
      expect(s?.audioTracks?.map((t) => [t.name, t.language, t.codecs])).toEqual([
        ['audio-en', 'en', 'mp4a.40.2'],
        ['audio-es', 'es', 'mp4a.40.2'],
      ]);
      expect(s?.subtitles?.map((t) => [t.name, t.label])).toEqual([
        ['subs-en', 'English'],
        ['subs-es', 'Español'],
      ]);
    }
    expect(lib.sources.ch2?.audioTracks).toBeUndefined();
    expect(lib.sources.ch2?.subtitles).toBeUndefined();
  });
});

describe.each([
  ['live channel', () => o.urls.live({ accountId: 'a', liveStreamId: 'ch1' })],
  ['on-demand title', () => o.urls.vod({ accountId: 'a', assetId: 'vod1' })],
])('%s', (_name, url) => {
  it('the master lists both languages in an AUDIO and a SUBTITLES group named by every variant', async () => {
    const { m, text } = await o.playlist(url());
    const audio = m.mediaGroups.AUDIO.audio ?? {};
    const subs = m.mediaGroups.SUBTITLES.subs ?? {};
    expect(Object.entries(audio).map(([n, a]) => [n, a.language, a.default])).toEqual([
      ['English', 'en', true],
      ['Español', 'es', false],
    ]);
    expect(Object.entries(subs).map(([n, a]) => [n, a.language, a.default])).toEqual([
      ['English', 'en', false],
      ['Español', 'es', false],
    ]);
    for (const p of m.playlists ?? [])
      expect(p.attributes).toMatchObject({ AUDIO: 'audio', SUBTITLES: 'subs' });
    expect(text).toMatch(/URI="audio-es\/index\.m3u8\?token=[^"]+"/);
  });

  it('an audio language is an audio-only fMP4 rendition with the variants’ segment numbers', async () => {
    const master = await o.playlist(url());
    const variant = await o.playlist(new URL(master.m.playlists?.[0]?.uri ?? '', master.url));
    const es = await o.playlist(new URL(`audio-es/index.m3u8${master.url.search}`, master.url));
    expect(es.m.mediaSequence).toBe(variant.m.mediaSequence);
    expect(es.m.segments.length).toBe(variant.m.segments.length);
    const init = await o.get(new URL(es.m.segments[0]?.map?.uri ?? '', es.url));
    expect(readInit(Buffer.from(await init.arrayBuffer())).map((t) => t.kind)).toEqual(['audio']);
    const seg = await o.get(new URL(es.m.segments[0]?.uri ?? '', es.url));
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp4');
  });

  it('a subtitle language lists .vtt segments whose cues are mapped onto the segment’s media time', async () => {
    const master = await o.playlist(url());
    const es = await o.playlist(new URL(`subs-es/index.m3u8${master.url.search}`, master.url));
    expect(es.text).not.toContain('#EXT-X-MAP');
    const last = es.m.segments.at(-1);
    const n = Number(/^(\d+)\.vtt/.exec(last?.uri ?? '')?.[1]);
    const res = await o.get(new URL(last?.uri ?? '', es.url));
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const vtt = await res.text();
    const lines = vtt.split('\n');
    expect(lines[0]).toBe('WEBVTT');
    expect(lines[1]).toBe(`X-TIMESTAMP-MAP=MPEGTS:${(n * 2 * 90_000) % 2 ** 33},LOCAL:00:00:00.000`);
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000');
    expect(vtt).toMatch(/Subtítulos en español \d+:\d\d/);
    const en = await o.get(new URL(`../subs-en/${last?.uri}`, es.url));
    expect(await en.text()).toMatch(/English subtitles \d+:\d\d/);
    // Whole segments only, even where the video offers LL-HLS parts (issue 41): no part, hint or server control.
    expect(es.text).not.toMatch(/#EXT-X-(PART|PART-INF|PRELOAD-HINT|SERVER-CONTROL):/);
    const video = await o.playlist(new URL(master.m.playlists?.[0]?.uri ?? '', master.url));
    // The live channel's video offers them (the sample loops' LL-HLS); the title's does not.
    expect(video.text.includes('#EXT-X-PART:')).toBe(!video.text.includes('#EXT-X-ENDLIST'));
    // Live, the segment being made is listed whole for subtitles (a low-latency player plays inside it), and
    // served (the last one fetched above).
    const making = /PRELOAD-HINT:TYPE=PART,URI="(\d+)\./.exec(video.text)?.[1];
    if (making) expect(n).toBe(Number(making));
    expect(
      es.text
        .trim()
        .split('\n')
        .filter((l) => l !== '#EXT-X-ENDLIST')
        .at(-1),
    ).toMatch(/^\d+\.vtt/);
  });
});

describe('protected and unknown', () => {
  it('a ClearKey channel sends its subtitles in the clear and keeps its key line off them', async () => {
    const master = await o.playlist(o.urls.live({ accountId: 'a', liveStreamId: 'ch1-cenc' }));
    const audio = await o.playlist(new URL(`audio-en/index.m3u8${master.url.search}`, master.url));
    expect(audio.text).toContain('#EXT-X-KEY:METHOD=SAMPLE-AES-CTR');
    const subs = await o.playlist(new URL(`subs-en/index.m3u8${master.url.search}`, master.url));
    expect(subs.text).not.toContain('#EXT-X-KEY');
    const vtt = await o.get(new URL(subs.m.segments[0]?.uri ?? '', subs.url));
    expect(await vtt.text()).toContain('English subtitles');
  });

  it('a language the source lacks, or a segment outside the window, is a 404', async () => {
    const master = await o.playlist(o.urls.live({ accountId: 'a', liveStreamId: 'ch1' }));
    expect((await o.get(new URL(`subs-fr/index.m3u8${master.url.search}`, master.url))).status).toBe(404);
    expect((await o.get(new URL(`subs-en/1.vtt${master.url.search}`, master.url))).status).toBe(404);
    const ch2 = await o.playlist(o.urls.live({ accountId: 'a', liveStreamId: 'ch2' }));
    expect(ch2.text).not.toContain('#EXT-X-MEDIA');
    expect((await o.get(new URL(`audio-en/index.m3u8${ch2.url.search}`, ch2.url))).status).toBe(404);
  });
});
