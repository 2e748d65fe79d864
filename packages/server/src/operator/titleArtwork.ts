import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Uploaded artwork of titles (decision 0239): one JPEG per title and kind under `<dataDir>/artwork`, resized to
 * fit the picture's box at 2x (poster 2:3, landscape 16:9). `/media/art/<id>/<kind>` (no extension, decision 0326)
 * serves it instead of the drawn picture, so the catalogue's artwork addresses stay as they are.
 */
export const ARTWORK_DIR = 'artwork';
const BOX = { poster: { maxW: 800, maxH: 1200 }, landscape: { maxW: 1280, maxH: 720 } } as const;
export type ArtworkKind = keyof typeof BOX;

export const artworkFile = (dataDir: string, metaId: string, kind: string) =>
  join(dataDir, ARTWORK_DIR, `${metaId}-${kind}.jpg`);

export const hasArtwork = (dataDir: string, metaId: string, kind: string) =>
  existsSync(artworkFile(dataDir, metaId, kind));

/**
 * Resizes a picture into `out`: `media/resizeImage.ts` (ffmpeg), passed in by the route, so that operator/ names
 * what it needs and starts no process itself (decision 0369).
 */
export type ResizeImage = (
  bytes: Buffer,
  out: string,
  fit: { maxW: number; maxH: number; as: 'png' | 'jpeg' },
) => Promise<void>;

export async function storeArtwork(
  dataDir: string,
  metaId: string,
  kind: ArtworkKind,
  bytes: Buffer,
  resize: ResizeImage,
) {
  await resize(bytes, artworkFile(dataDir, metaId, kind), { ...BOX[kind], as: 'jpeg' });
}
