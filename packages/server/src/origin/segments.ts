import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaLibrary, RenditionMedia, SourceMedia } from '../media/library.ts';
import { afterMoof, readFragment, rewriteMoof } from '../media/mp4.ts';
import { type Part, splitParts } from '../media/parts.ts';
import { PART_SEC, type PartInfo } from './lowLatency.ts';

/** A segment as sent: its parts in order (the rewritten moof, then the untouched mdat), to avoid a copy. */
export type SegmentBytes = Buffer[];

export interface SegmentStore {
  init(source: SourceMedia, rendition: RenditionMedia): Promise<Buffer>;
  /**
   * Segment `n` of an endless repetition of the source's loop: source segment `n mod loopSegments`, with
   * every track's decode time moved forward by whole loops, so that for any n the timeline continues
   * exactly where segment n − 1 ended. Live uses n = the wall-clock segment number, on-demand n = 0, 1, 2…
   */
  segment(source: SourceMedia, rendition: RenditionMedia, n: number): Promise<SegmentBytes>;
  /** A text file of a source's folder (a subtitle language's `<index>.vtt`), read once. */
  text(source: SourceMedia, folder: string, index: number): Promise<string>;
  /** The parts (LL-HLS, issue 41) segment `n` is cut into: their lengths and which begin with a keyframe. */
  partsOf(source: SourceMedia, rendition: RenditionMedia, n: number): Promise<PartInfo[]>;
  /** Part `k` of segment `n`, its decode times moved like the whole segment's. */
  part(
    source: SourceMedia,
    rendition: RenditionMedia,
    n: number,
    k: number,
  ): Promise<SegmentBytes | undefined>;
}

/** Decode time of source segment `srcTime` repeated `loop` loops later: whole loops are exact in every timescale. */
export function loopedDecodeTime(srcTime: bigint, loop: number, loopSec: number, timescale: number): bigint {
  return srcTime + BigInt(loop) * BigInt(loopSec * timescale);
}

/**
 * Reads source files once (the whole library is a few tens of MB) and keeps the most recent rewritten moofs,
 * which every viewer of a channel shares.
 */
export function createSegmentStore(lib: MediaLibrary, maxMoofs = 2048): SegmentStore {
  const files = new Map<string, Promise<Buffer>>();
  const moofs = new Map<string, Buffer>();
  const cuts = new Map<string, Promise<Part[]>>();
  const load = (path: string) => {
    let p = files.get(path);
    if (!p) {
      p = readFile(path);
      files.set(path, p);
      p.catch(() => files.delete(path));
    }
    return p;
  };
  // A title's uploaded video keeps its files in its own folder (`source.dir`), the samples in the library's.
  const file = (source: SourceMedia, rendition: RenditionMedia, name: string) =>
    join(source.dir ?? join(lib.dir, source.name), rendition.name, name);
  const store: SegmentStore = {
    init: (source, rendition) => load(file(source, rendition, 'init.mp4')),
    text: async (source, folder, index) =>
      (await load(join(source.dir ?? join(lib.dir, source.name), folder, `${index}.vtt`))).toString('utf8'),
    async segment(source, rendition, n) {
      if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`segment number ${n}`);
      const frag = await load(file(source, rendition, `${n % source.segmentCount}.m4s`));
      return looped(source, rendition, n, frag, `${source.name}/${rendition.name}/${n}`);
    },
    async partsOf(source, rendition, n) {
      return (await cut(source, rendition, n)).map((p) => ({
        durationSec: p.durationSec,
        independent: p.independent,
      }));
    },
    async part(source, rendition, n, k) {
      const p = (await cut(source, rendition, n))[k];
      return p && looped(source, rendition, n, p.frag, `${source.name}/${rendition.name}/${n}.${k}`);
    },
  };
  return store;

  /** A loop segment's bytes at segment number `n`: every track's decode time moved forward by whole loops. */
  function looped(source: SourceMedia, rendition: RenditionMedia, n: number, frag: Buffer, key: string) {
    const loop = Math.floor(n / source.segmentCount);
    let moof = moofs.get(key);
    if (!moof) {
      const times = new Map<number, bigint>();
      for (const t of readFragment(frag, rendition.tracks).tracks) {
        const timescale = rendition.tracks.find((x) => x.trackId === t.trackId)?.timescale ?? 0;
        times.set(t.trackId, loopedDecodeTime(t.decodeTime, loop, source.loopSec, timescale));
      }
      // mfhd sequence numbers must be positive 32-bit and increasing: n + 1 stays so for centuries.
      moof = rewriteMoof(frag, (n % 0xffff_ffff) + 1, times);
      if (moofs.size >= maxMoofs) moofs.delete(moofs.keys().next().value as string);
      moofs.set(key, moof);
    }
    return [moof, afterMoof(frag)];
  }

  /** A loop segment cut into parts, once per loop index (a few kB of moofs per segment). */
  async function cut(source: SourceMedia, rendition: RenditionMedia, n: number): Promise<Part[]> {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`segment number ${n}`);
    const path = file(source, rendition, `${n % source.segmentCount}.m4s`);
    let p = cuts.get(path);
    if (!p) {
      p = load(path).then((frag) => splitParts(frag, rendition.tracks, PART_SEC));
      cuts.set(path, p);
      p.catch(() => cuts.delete(path));
    }
    return p;
  }
}
