import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { type Manifest, Parser } from 'm3u8-parser';
import { join } from 'node:path';
import type { MediaLibrary } from '../src/media/library.ts';
import { cachedMedia, MEDIA_CACHE_ENV } from '../src/media/prepare.ts';
import { createOrigin, type OriginOptions } from '../src/origin/origin.ts';
import { createMediaUrls } from '../src/origin/urls.ts';
import { startServer } from './helpers.ts';

/** Parses a playlist with the real parser players build on (video.js / VHS). */
export function parseM3u8(text: string): Manifest {
  const p = new Parser();
  p.push(text);
  p.end();
  return p.manifest;
}

/**
 * The tiny profile, prepared once per machine (or per test run: `OTTKIT_MEDIA_CACHE`) and preparation code into a
 * shared folder: every test file that needs real segments reuses it (preparation installs atomically, so parallel
 * files are safe).
 */
export function tinyLibrary(): Promise<MediaLibrary> {
  return cachedMedia(mediaCache(), 'tiny');
}

/** The media cache the tests share: the run's (`OTTKIT_MEDIA_CACHE`), or the OS temp folder for a file run alone. */
export const mediaCache = () => process.env[MEDIA_CACHE_ENV] || tmpdir();

/** The whole product server, its origin serving the tiny library (VOD plays and transcodes end to end). */
export async function startServerOnTinyMedia() {
  const library = await tinyLibrary();
  return startServer({
    origin: (deps) =>
      createOrigin({ dataDir: deps.config.dataDir, secret: deps.config.secret, library, now: deps.now }),
  });
}

/** The HMAC key the origin tests sign with. */
export const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

/** Serves an origin on 127.0.0.1 with a fake clock; paths the origin does not take answer 418. */
export async function startOrigin(
  options: Partial<OriginOptions> & { library: MediaLibrary; nowMs: number },
) {
  const clock = { now: options.nowMs };
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ottkit-origin-')));
  const origin = createOrigin({ secret: SECRET, ...options, dataDir, now: () => clock.now });
  const server = createServer((req, res) => {
    origin.handle(req, res, new URL(req.url ?? '/', 'http://x')).then((mine) => {
      if (!mine) res.writeHead(418).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    clock,
    dataDir,
    urls: createMediaUrls(SECRET, () => clock.now),
    get: (path: string | URL) => fetch(new URL(path, base)),
    /** Fetches a playlist (200 expected) and parses it; `url` is its absolute URL for resolving children. */
    async playlist(path: string | URL) {
      const url = new URL(path, base);
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`${url.pathname}: HTTP ${res.status} ${await res.text()}`);
      const text = await res.text();
      return { url, text, headers: res.headers, m: parseM3u8(text) };
    },
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      // Only the folder made here (for AES/ClearKey keys) is removed; a caller's own folder is theirs.
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The claims a media URL's token carries (its payload, unchecked): `{ a, r, k, e, s?, p? }`. */
export const tokenClaims = (url: string) =>
  JSON.parse(
    Buffer.from(
      (new URL(url, 'http://x').searchParams.get('token') ?? '').split('.')[0] ?? '',
      'base64url',
    ).toString(),
  );
