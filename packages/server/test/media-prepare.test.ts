import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_VERSION } from '../src/media/library.ts';
import { prepareMedia } from '../src/media/prepare.ts';
import { mediaCache, tinyLibrary } from './origin-fixture.ts';

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
      // Sources with other languages are demuxed: their audio is in the language renditions (origin-tracks).
      const audio = s?.audioTracks ? '' : ',mp4a\\.40\\.2';
      expect(s?.renditions[0]?.codecs).toMatch(new RegExp(`^avc1\\.[0-9a-f]{6}${audio}$`));
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

  // The encode itself runs once per run, in the shared cache (tinyLibrary above); two starts of one data folder
  // racing take the data folder's lock in turn and install the cache's copy once, as hard links.
  it('installs the cached library once when two starts race for the same data folder', async () => {
    const cached = await tinyLibrary();
    const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-media-race-'));
    try {
      const lines: string[] = [];
      const log = (m: string) => lines.push(m);
      const [a, b] = await Promise.all([
        prepareMedia({ dataDir, profile: 'tiny', log, cacheDir: mediaCache() }),
        prepareMedia({ dataDir, profile: 'tiny', log, cacheDir: mediaCache() }),
      ]);
      expect(a.preparedAt).toBe(cached.preparedAt);
      expect(b.preparedAt).toBe(cached.preparedAt);
      expect(lines.filter((l) => l.startsWith('media: preparing'))).toEqual([]);
      expect(readdirSync(dataDir).sort()).toEqual(['media']);
      const seg = (dir: string) => statSync(join(dir, 'ch1', 'lq', '0.m4s')).ino;
      expect(seg(a.dir)).toBe(seg(cached.dir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
