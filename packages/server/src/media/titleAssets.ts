import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceMedia } from './library.ts';

/**
 * Where transcoded titles live and how they are named, apart from `transcode.ts` which runs ffmpeg: the origin
 * and the console's transcode job read and tidy these folders without importing a process (decision 0369).
 */

/** The file the origin reads a title's video description from, in `<titlesDir>/<assetId>/`. */
export const TITLE_SOURCE_FILE = 'source.json';
/** Asset ids of uploaded videos: nothing else reaches the disk from a URL. */
export const UPLOADED_ASSET_ID = /^up-[0-9a-f]{16}$/;
export const newAssetId = () => `up-${randomBytes(8).toString('hex')}`;

/** Where transcoded titles live: `<dataDir>/titles/<assetId>/<rendition>/…`. */
export const TITLES_DIR = 'titles';
export const titlesDir = (dataDir: string) => join(dataDir, TITLES_DIR);

/** The folder a transcode writes before one rename puts it in place: `<titlesDir>/.staging-<assetId>-<random>`. */
export const stagingPrefix = (assetId: string) => `.staging-${assetId}-`;

/**
 * Removes the staging folders a process that died left for `assetId` (its `finally` never ran). Its ffmpeg ends
 * by itself: its next progress line finds the pipe to the dead process closed (SIGPIPE).
 */
export function dropStaging(titlesDir: string, assetId: string): void {
  if (!UPLOADED_ASSET_ID.test(assetId) || !existsSync(titlesDir)) return;
  for (const name of readdirSync(titlesDir)) {
    if (name.startsWith(stagingPrefix(assetId)))
      rmSync(join(titlesDir, name), { recursive: true, force: true });
  }
}

/** A transcoded title's description, or undefined when there is none (unknown id, not transcoded yet). */
export function readTitleSource(dir: string, assetId: string): SourceMedia | undefined {
  if (!UPLOADED_ASSET_ID.test(assetId)) return undefined;
  const file = join(dir, assetId, TITLE_SOURCE_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as SourceMedia), dir: join(dir, assetId) };
  } catch {
    return undefined;
  }
}
