import { describe, expect, it } from 'vitest';
import { liveEdge, variants } from './playlist.ts';

const BASE = 'https://o.test/media/live/ch1/master.m3u8?token=t';

describe('variants', () => {
  it('reads each variant with its bandwidth, resolved against the master', () => {
    const master =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\nlow/index.m3u8?token=t\n#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=1,BANDWIDTH=3000000\nhigh/index.m3u8?token=t\n';
    expect(variants(master, BASE)).toEqual([
      { bandwidth: 900_000, url: 'https://o.test/media/live/ch1/low/index.m3u8?token=t' },
      { bandwidth: 3_000_000, url: 'https://o.test/media/live/ch1/high/index.m3u8?token=t' },
    ]);
  });
  it('is empty for a media playlist', () => {
    expect(variants('#EXTM3U\n#EXTINF:2,\n1.ts\n', BASE)).toEqual([]);
  });
});

describe('liveEdge', () => {
  const list = (n: number) =>
    ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXT-X-MAP:URI="init.mp4?token=t"']
      .concat(Array.from({ length: n }, (_, i) => [`#EXTINF:2.000,`, `${100 + i}.m4s?token=t`]).flat())
      .join('\n');
  it('names the init segment and the segment three target durations before the end (hls.js start)', () => {
    const edge = liveEdge(list(10), 'https://o.test/media/live/ch1/low/index.m3u8?token=t');
    expect(edge.init).toBe('https://o.test/media/live/ch1/low/init.mp4?token=t');
    expect(edge.first).toBe('https://o.test/media/live/ch1/low/107.m4s?token=t');
  });
  it('takes the first segment of a list shorter than that', () => {
    expect(liveEdge(list(2), BASE).first).toBe('https://o.test/media/live/ch1/100.m4s?token=t');
  });
  describe('low-latency mode (issue 41)', () => {
    const part = (n: number, k: number, independent: boolean) =>
      `#EXT-X-PART:DURATION=0.400,URI="${n}.${k}.m4s?token=t"${independent ? ',INDEPENDENT=YES' : ''}`;
    const parts = (n: number, count: number) => Array.from({ length: count }, (_, k) => part(n, k, k === 0));
    const ll = (current: number) =>
      [
        '#EXTM3U',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.200',
        '#EXT-X-PART-INF:PART-TARGET=0.400',
        '#EXT-X-MAP:URI="init.mp4?token=t"',
        ...[97, 98, 99, 100].flatMap((n) => ['#EXTINF:2.000,', `${n}.m4s?token=t`]),
        ...parts(101, 5),
        '#EXTINF:2.000,',
        '101.m4s?token=t',
        ...parts(102, current),
        `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="102.${current}.m4s?token=t"`,
      ].join('\n');
    const names = (urls?: string[]) => urls?.map((u) => new URL(u).pathname.split('/').pop());
    it('names the parts hls.js starts with: from the independent part before PART-HOLD-BACK to the end', () => {
      // 1.6 s of segment 102: the start point (1.2 s from the end) is in it, decodable from its first part.
      expect(names(liveEdge(ll(4), BASE, 3, true).parts)).toEqual([
        '102.0.m4s',
        '102.1.m4s',
        '102.2.m4s',
        '102.3.m4s',
      ]);
      // 0.8 s of segment 102: the start point is in segment 101, whose first part is its independent one.
      expect(names(liveEdge(ll(2), BASE, 3, true).parts)).toEqual([
        '101.0.m4s',
        '101.1.m4s',
        '101.2.m4s',
        '101.3.m4s',
        '101.4.m4s',
        '102.0.m4s',
        '102.1.m4s',
      ]);
      expect(liveEdge(ll(4), BASE, 3, true).first).toBeUndefined();
    });
    it('names the standard start segment when low latency is off or the playlist has no parts', () => {
      expect(liveEdge(ll(4), BASE).parts).toBeUndefined();
      // hls.js's edge is the last part's end: 10 s of segments and 2 s of parts make 12 s, three target
      // durations before it is 6 s, the start of segment 100 (not 99, as the segments' 10 s alone would say).
      expect(names([liveEdge(ll(5), BASE).first as string])).toEqual(['100.m4s']);
      expect(names([liveEdge(ll(4), BASE).first as string])).toEqual(['99.m4s']);
      expect(liveEdge(list(10), BASE, 3, true).parts).toBeUndefined();
    });
  });
});
