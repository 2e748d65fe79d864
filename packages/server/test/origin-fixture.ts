import { Parser, type Manifest } from 'm3u8-parser';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaLibrary } from '../src/media/library.ts';
import { MEDIA_VERSION } from '../src/media/library.ts';
import { prepareMedia } from '../src/media/prepare.ts';

/** Parses a playlist with the real parser players build on (video.js / VHS). */
export function parseM3u8(text: string): Manifest {
  const p = new Parser();
  p.push(text);
  p.end();
  return p.manifest;
}

/**
 * The tiny profile, prepared once per machine and media version into a shared temporary folder: every
 * test file that needs real segments reuses it (preparation installs atomically, so parallel files are safe).
 */
export function tinyLibrary(): Promise<MediaLibrary> {
  return prepareMedia({
    dataDir: join(tmpdir(), `ottkit-media-tiny-v${MEDIA_VERSION}`),
    profile: 'tiny',
    log: () => {},
  });
}

/** The HMAC key the origin tests sign with. */
export const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
