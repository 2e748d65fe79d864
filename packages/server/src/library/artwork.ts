import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { ARTWORK_MAX_BYTES } from '@ottkit/api-client/contract';
import {
  type ArtworkKind,
  artworkFile,
  hasArtwork,
  type ResizeImage,
  storeArtwork,
} from '../operator/titleArtwork.ts';
import type { Db } from '../store/db.ts';
import { type FetchLimits, isUrl, openSource } from '../sources/input.ts';

// A library's pictures (issue 42, decision 0435): the poster and backdrop a folder holds beside a film, or a feed
// or panel names for it, become the title's uploaded artwork, through the console's own resize (a PNG or JPEG of
// at most ARTWORK_MAX_BYTES, fitted to the artwork's box). A picture is best effort: one that cannot be read
// leaves the title's drawn picture, and is counted, never failing the import. A picture the library brought in is
// recorded (`library_pictures`: its address and the stored file's hash) so that an entry naming another replaces
// it, while an editor's upload (a title's picture the library did not store) is never replaced (decision 0436).

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

/** The stored picture's hash: whether the file is still the one the library wrote. */
const hashOf = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('base64url');

/** Whether `p` is to be stored: the title has no picture of its kind, or the library's own from another address. */
async function wanted(db: Db, dataDir: string, p: QueuedPicture): Promise<boolean> {
  if (!hasArtwork(dataDir, p.metaId, p.kind)) return true;
  const mine = await db.kysely
    .selectFrom('library_pictures')
    .select(['source', 'stored'])
    .where('meta_id', '=', p.metaId)
    .where('kind', '=', p.kind)
    .executeTakeFirst();
  if (!mine || mine.source === p.from) return false;
  return mine.stored === (await hashOf(artworkFile(dataDir, p.metaId, p.kind)));
}

/**
 * Stores each picture as its title's artwork when `wanted`; `onEach` hears each end. Answers how many were
 * stored and how many could not be read.
 */
export async function importPictures(
  db: Db,
  dataDir: string,
  pictures: QueuedPicture[],
  o: { resize: ResizeImage; limits: FetchLimits; onEach?: (done: number) => Promise<void> },
): Promise<{ read: number; failed: number }> {
  let [read, failed, done] = [0, 0, 0];
  for (const p of pictures) {
    try {
      if (await wanted(db, dataDir, p)) {
        await storeArtwork(dataDir, p.metaId, p.kind, await bytesOf(p.from, o.limits), o.resize);
        const stored = await hashOf(artworkFile(dataDir, p.metaId, p.kind));
        await db.kysely
          .insertInto('library_pictures')
          .values({ meta_id: p.metaId, kind: p.kind, source: p.from, stored })
          .onConflict((c) => c.columns(['meta_id', 'kind']).doUpdateSet({ source: p.from, stored }))
          .execute();
        read++;
      }
    } catch {
      failed++;
    }
    await o.onEach?.(++done);
  }
  return { read, failed };
}
