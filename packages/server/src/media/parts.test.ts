import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tinyLibrary } from '../../test/origin-fixture.ts';
import type { MediaLibrary } from './library.ts';
import { readInit, type TrackInfo } from './mp4.ts';
import { fragmentSamples, fragmentSec, joinFragments, splitParts } from './parts.ts';

let lib: MediaLibrary;
beforeAll(async () => {
  lib = await tinyLibrary();
});

const files = (rendition: string, source = 'ch3') => {
  const dir = join(lib.dir, source, rendition);
  return {
    tracks: readInit(readFileSync(join(dir, 'init.mp4'))) as TrackInfo[],
    frag: readFileSync(join(dir, '0.m4s')),
  };
};
const bytes = (frag: Buffer, tracks: TrackInfo[]) =>
  fragmentSamples(frag, tracks).map((r) => ({
    trackId: r.trackId,
    data: Buffer.concat(r.samples.map((s) => s.data)).toString('base64'),
    durations: r.samples.map((s) => s.duration),
  }));

describe('partial segments (issue 41)', () => {
  it('cuts a 2 s video segment into five parts of 0.4 s, the first independent', () => {
    const { tracks, frag } = files(lib.sources.ch3?.renditions[0]?.name ?? 'lq');
    const parts = splitParts(frag, tracks, 0.4);
    expect(parts.map((p) => Number(p.durationSec.toFixed(3)))).toEqual([0.4, 0.4, 0.4, 0.4, 0.4]);
    expect(parts[0]?.independent).toBe(true);
    expect(parts.slice(1).every((p) => !p.independent)).toBe(true);
    // Each part reads back as a fragment of 0.4 s whose decode time follows the one before.
    const times = parts.map((p) => fragmentSamples(p.frag, tracks)[0]?.decodeTime ?? 0n);
    const first = fragmentSamples(frag, tracks)[0]?.decodeTime ?? 0n;
    const scale = tracks[0]?.timescale ?? 1;
    expect(times.map((t) => Number(t - first) / scale)).toEqual([0, 0.4, 0.8, 1.2, 1.6]);
    expect(parts.map((p) => fragmentSec(p.frag, tracks).sec.toFixed(3))).toEqual(Array(5).fill('0.400'));
  });

  it('keeps every sample: the parts joined are the segment, byte for byte in each track', () => {
    for (const f of [files('lq'), files('audio-en', 'film')]) {
      expect(f.tracks.length).toBeGreaterThan(0);
      const parts = splitParts(f.frag, f.tracks, 0.4);
      expect(
        bytes(
          joinFragments(
            parts.map((p) => p.frag),
            f.tracks,
          ),
          f.tracks,
        ),
      ).toEqual(bytes(f.frag, f.tracks));
      // An audio-only rendition's parts are cut on its own frames, never longer than the part target.
      expect(parts.every((p) => p.durationSec <= 0.4 + 1e-9)).toBe(true);
    }
  });
});
