import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_DIR } from '../media/logoPaths.ts';
import { imageFormatOf, resizeImage } from '../media/resizeImage.ts';
import type { SkipReport } from './entries.ts';
import { type FetchLimits, isUrl, openSource } from './input.ts';

/** Where fetched logos live under the data folder (LOGO_DIR), and the URL path ottkit serves them from. */
export { LOGO_DIR };
export const IMPORTED_LOGO_PATH = /^\/media\/logo\/imported\/([a-f0-9]{24})\.png$/;

export const LOGO_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };
/** Logos fetched at once (upstream panels throttle; ffmpeg takes a core each). */
const PARALLEL = 4;

const fileOf = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 24);
export const logoPath = (file: string) => `/media/logo/imported/${file}.png`;

async function fetchOne(dataDir: string, url: string, limits: FetchLimits): Promise<string> {
  const file = fileOf(url);
  if (existsSync(join(dataDir, LOGO_DIR, `${file}.png`))) return logoPath(file);
  const parts: Uint8Array[] = [];
  for await (const c of openSource(url, limits)) parts.push(c);
  return storeLogo(dataDir, file, Buffer.concat(parts));
}

/**
 * Resizes a PNG or JPEG into the served logo `file` (fetched by an import, or uploaded in the console) and
 * answers the path ottkit serves it from.
 */
export async function storeLogo(dataDir: string, file: string, bytes: Buffer): Promise<string> {
  if (!imageFormatOf(bytes)) throw new Error('logo is not a PNG or JPEG image');
  // Fits in 320x180 (the 160x90 logo box at 2x), never enlarged; one PNG frame.
  await resizeImage(bytes, join(dataDir, LOGO_DIR, `${file}.png`), { maxW: 320, maxH: 180, as: 'png' });
  return logoPath(file);
}

/** An uploaded logo's file name: a digest of its bytes (same bytes, same file; served as never changing). */
export const uploadedLogoFile = (bytes: Buffer) =>
  createHash('sha256').update('upload:').update(bytes).digest('hex').slice(0, 24);

/**
 * Fetches each logo once (by URL: a logo already stored is not fetched again), resized, into the data folder;
 * ottkit serves them itself (never hot-linked). Returns logo URL → path served; failures are reported, and the
 * channel keeps its drawn logo.
 */
export async function fetchLogos(
  dataDir: string,
  urls: Iterable<string>,
  skipped: SkipReport,
  limits: FetchLimits = LOGO_LIMITS,
): Promise<Map<string, string>> {
  const todo = [...new Set([...urls].filter(isUrl))];
  const done = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const url = todo[next++] as string;
      try {
        done.set(url, await fetchOne(dataDir, url, limits));
      } catch (e) {
        skipped.add(0, 'logo not fetched (the drawn logo stays)', `${url}: ${(e as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return done;
}
