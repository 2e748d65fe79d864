import { readFile, stat } from 'node:fs/promises';
import { ARTWORK_MAX_BYTES } from '@ottkit/api-client/contract';
import { type ArtworkKind, hasArtwork, type ResizeImage, storeArtwork } from '../operator/titleArtwork.ts';
import { type FetchLimits, isUrl, openSource } from '../sources/input.ts';

// A library's pictures (issue 42, decision 0435): the poster and backdrop a folder holds beside a film, or a feed
// or panel names for it, become the title's uploaded artwork, through the console's own resize (a PNG or JPEG of
// at most ARTWORK_MAX_BYTES, fitted to the artwork's box). A picture is best effort: one that cannot be read
// leaves the title's drawn picture, and is counted, never failing the import.

/** One picture to bring in: a file's path or an http(s) address, and the title and kind it is for. */
export interface QueuedPicture {
  metaId: string;
  kind: ArtworkKind;
  from: string;
}

/** A picture's read: the console's size limit, half a minute, under the upstream rule for an address. */
const pictureLimits = (limits: FetchLimits): FetchLimits => ({
  ...limits,
  maxBytes: ARTWORK_MAX_BYTES,
  timeoutMs: 30_000,
});

async function bytesOf(from: string, limits: FetchLimits): Promise<Buffer> {
  if (!isUrl(from)) {
    // A folder's picture: its size judged before it is read.
    if ((await stat(from)).size > ARTWORK_MAX_BYTES) throw new Error('the picture is too large');
    return readFile(from);
  }
  const parts: Uint8Array[] = [];
  for await (const c of openSource(from, pictureLimits(limits))) parts.push(c);
  return Buffer.concat(parts);
}

/**
 * Stores each picture as its title's artwork unless the title has one of that kind already (an editor's upload
 * is never replaced); `onEach` hears each end. Answers how many could not be read.
 */
export async function importPictures(
  dataDir: string,
  pictures: QueuedPicture[],
  o: { resize: ResizeImage; limits: FetchLimits; onEach?: (done: number) => Promise<void> },
): Promise<number> {
  let failed = 0;
  let done = 0;
  for (const p of pictures) {
    if (!hasArtwork(dataDir, p.metaId, p.kind)) {
      try {
        await storeArtwork(dataDir, p.metaId, p.kind, await bytesOf(p.from, o.limits), o.resize);
      } catch {
        failed++;
      }
    }
    await o.onEach?.(++done);
  }
  return failed;
}
