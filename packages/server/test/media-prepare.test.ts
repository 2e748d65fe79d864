import { describe, expect, it } from 'vitest';
import { MEDIA_VERSION } from '../src/media/library.ts';
import { prepareMedia } from '../src/media/prepare.ts';
import { tinyLibrary } from './origin-fixture.ts';

describe('media preparation (tiny profile)', () => {
  it('prepares every source with 2 s segments, real codec strings and loop invariants checked', async () => {
    const lib = await tinyLibrary();
    expect(lib.version).toBe(MEDIA_VERSION);
    expect(lib.segmentSec).toBe(2);
    expect(Object.keys(lib.sources).sort()).toEqual([
      'audio1',
      'ch1',
      'ch2',
      'ch3',
      'fallback',
      'film',
      'trailer',
    ]);
    for (const name of ['ch1', 'ch2', 'ch3', 'fallback', 'film', 'trailer']) {
      const s = lib.sources[name];
      expect(s?.kind).toBe('video');
      expect(s?.segmentCount).toBe((s?.loopSec ?? 0) / 2);
      expect(s?.renditions.map((r) => [r.name, r.qualityCode])).toEqual([['lq', 20]]);
      expect(s?.renditions[0]?.codecs).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
    }
    expect(lib.sources.audio1?.renditions.map((r) => r.codecs)).toEqual(['mp4a.40.2']);
  });

  it('reuses the prepared library on a second start (same manifest, no encoding)', async () => {
    const first = await tinyLibrary();
    const lines: string[] = [];
    const again = await prepareMedia({
      dataDir: first.dir.replace(/\/media$/, ''),
      profile: 'tiny',
      log: (m) => lines.push(m),
    });
    expect(again.preparedAt).toBe(first.preparedAt);
    expect(lines).toEqual([]);
  });
});
