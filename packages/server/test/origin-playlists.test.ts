import { describe, expect, it } from 'vitest';
import type { RenditionMedia } from '../src/media/library.ts';
import { FPS } from '../src/media/profiles.ts';
import { liveEdge, liveWindow, masterPlaylist, mediaPlaylist } from '../src/origin/playlists.ts';
import { parseM3u8 } from './origin-fixture.ts';

// 2026-11-22T00:00:00Z is segment 882_403_200 (epoch seconds / 2).
const T0 = Date.UTC(2026, 10, 22);
const N0 = T0 / 2000;

function live(nowMs: number) {
  return parseM3u8(
    mediaPlaylist({
      range: liveWindow(nowMs, 2),
      segmentSec: 2,
      query: '?token=abc',
      programDateTime: (n) => n * 2000,
    }),
  );
}

describe('live window arithmetic', () => {
  it('lists the newest six complete segments; the one in progress is not listed', () => {
    const m = live(T0 + 1);
    expect(m.mediaSequence).toBe(N0 - 6);
    expect(m.segments).toHaveLength(6);
    expect(m.segments.at(-1)?.uri).toBe(`${N0 - 1}.m4s?token=abc`);
    expect(m.targetDuration).toBe(2);
    expect(m.endList).toBeFalsy();
    expect(m.playlistType).toBeUndefined();
  });

  it('moves by exactly one segment when the clock crosses a 2 s boundary', () => {
    expect(liveEdge(T0 + 1999, 2)).toBe(N0 - 1);
    expect(liveEdge(T0 + 2000, 2)).toBe(N0);
    expect(live(T0 + 1999).mediaSequence).toBe(N0 - 6);
    expect(live(T0 + 2000).mediaSequence).toBe(N0 - 5);
  });

  it('covers at least three target durations (RFC 8216 §6.2.2)', () => {
    const m = live(T0 + 777);
    const total = m.segments.reduce((s, x) => s + x.duration, 0);
    expect(total).toBeGreaterThanOrEqual(3 * (m.targetDuration ?? 0) + 2);
  });

  it('dates every segment: PDT = segment number × 2 s, contiguous', () => {
    const m = live(T0 + 12_345);
    m.segments.forEach((s, i) => {
      const n = (m.mediaSequence ?? 0) + i;
      expect(s.dateTimeObject?.getTime()).toBe(n * 2000);
      expect(s.uri).toBe(`${n}.m4s?token=abc`);
      expect(s.duration).toBe(2);
      expect(s.map?.uri).toBe('init.mp4?token=abc');
    });
  });

  it('a wider window keeps the same live edge', () => {
    const w = liveWindow(T0 + 5, 2, 10);
    expect(w).toEqual({ first: N0 - 10, last: N0 - 1 });
  });
});

describe('ended and on-air playlists', () => {
  it('VOD type with ENDLIST', () => {
    const m = parseM3u8(
      mediaPlaylist({ range: { first: 0, last: 9 }, segmentSec: 2, query: '', type: 'VOD', endList: true }),
    );
    expect(m.playlistType).toBe('VOD');
    expect(m.endList).toBe(true);
    expect(m.segments).toHaveLength(10);
    expect(m.segments[0]?.dateTimeObject).toBeUndefined();
  });
});

describe('master playlist', () => {
  const r = (name: string, bandwidth: number, height?: number): RenditionMedia => ({
    name,
    bandwidth,
    averageBandwidth: bandwidth - 1000,
    codecs: height ? 'avc1.640015,mp4a.40.2' : 'mp4a.40.2',
    tracks: [],
    ...(height && { width: Math.round((height * 16) / 9), height }),
  });

  it('lists every rendition lowest first with BANDWIDTH, RESOLUTION and CODECS, token propagated', () => {
    const m = parseM3u8(
      masterPlaylist([r('hd', 3_000_000, 720), r('lq', 400_000, 240), r('sd', 1_300_000, 480)], '?token=t'),
    );
    expect(m.playlists?.map((p) => p.uri)).toEqual([
      'lq/index.m3u8?token=t',
      'sd/index.m3u8?token=t',
      'hd/index.m3u8?token=t',
    ]);
    const hd = m.playlists?.[2]?.attributes;
    expect(hd?.BANDWIDTH).toBe(3_000_000);
    expect(Number(hd?.['AVERAGE-BANDWIDTH'])).toBe(2_999_000);
    expect(hd?.RESOLUTION).toEqual({ width: 1280, height: 720 });
    expect(hd?.CODECS).toBe('avc1.640015,mp4a.40.2');
  });

  it("says each variant's frame rate: the rendition's own, else the sample media's", () => {
    const tiny = { ...r('lq', 400_000, 240), frameRate: 10 };
    const m = parseM3u8(masterPlaylist([tiny, r('sd', 1_300_000, 480)], ''));
    expect(m.playlists?.map((p) => Number(p.attributes['FRAME-RATE']))).toEqual([10, FPS]);
  });

  it('an audio-only master has no RESOLUTION and an audio codec only', () => {
    const m = parseM3u8(masterPlaylist([r('audio', 100_000)], '?token=t'));
    expect(m.playlists).toHaveLength(1);
    expect(m.playlists?.[0]?.attributes.RESOLUTION).toBeUndefined();
    expect(m.playlists?.[0]?.attributes.CODECS).toBe('mp4a.40.2');
  });
});
