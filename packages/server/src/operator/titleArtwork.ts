import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resizeImage } from '../media/resizeImage.ts';

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

export async function storeArtwork(dataDir: string, metaId: string, kind: ArtworkKind, bytes: Buffer) {
  await resizeImage(bytes, artworkFile(dataDir, metaId, kind), { ...BOX[kind], as: 'jpeg' });
}
