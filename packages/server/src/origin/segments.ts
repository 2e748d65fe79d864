import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaLibrary, RenditionMedia, SourceMedia } from '../media/library.ts';
import { afterMoof, readFragment, rewriteMoof } from '../media/mp4.ts';

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
  return {
    init: (source, rendition) => load(file(source, rendition, 'init.mp4')),
    text: async (source, folder, index) =>
      (await load(join(source.dir ?? join(lib.dir, source.name), folder, `${index}.vtt`))).toString('utf8'),
    async segment(source, rendition, n) {
      if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`segment number ${n}`);
      const index = n % source.segmentCount;
      const loop = Math.floor(n / source.segmentCount);
      const frag = await load(file(source, rendition, `${index}.m4s`));
      const key = `${source.name}/${rendition.name}/${n}`;
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
    },
  };
}
