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
});
