import { cpSync, existsSync } from 'node:fs';
import { remoteVideosOf } from '../src/library/remoteVideos.ts';
import { join } from 'node:path';
import type { CreateServerOptions } from '../src/app.ts';
import { loadSite } from '../src/cli.ts';
import { repoRoot } from '../src/config.ts';
import { mediaSessionCheck } from '../src/domain/mediaRevocation.ts';
import { createOrigin } from '../src/origin/origin.ts';
import { tinyLibrary } from './origin-fixture.ts';
import { startServer, type TestServer } from './helpers.ts';

/**
 * The server as `serve` composes it: API and the live origin (tiny media, media URLs ended with their session) on
 * one port, temporary data folder.
 * `privateMedia` copies the shared tiny library into the data folder, for tests that damage it.
 */
export async function startProductServer(
  options: CreateServerOptions & { privateMedia?: boolean } = {},
): Promise<TestServer> {
  const shared = await tinyLibrary();
  const { privateMedia, ...rest } = options;
  return startServer({
    ...rest,
    origin: ({ config, db, now, served }) => {
      const library = privateMedia ? { ...shared, dir: join(config.dataDir, 'media') } : shared;
      if (privateMedia) cpSync(shared.dir, library.dir, { recursive: true });
      return createOrigin({
        dataDir: config.dataDir,
        secret: config.secret,
        library,
        now,
        onServed: served,
        // As `serve`: a media URL handed to a session ends with it (decision 0100).
        sessionEnded: mediaSessionCheck(db),
        // Titles played from a feed's HLS URL (decision 0435).
        remoteVideos: remoteVideosOf(db),
      });
    },
  });
}

/** The built site's server entry (`npm run build`; `npm test` builds before its unit stage). */
export const SITE_ENTRY = `${repoRoot}/site/dist/server/entry.mjs`;
export const siteBuilt = existsSync(SITE_ENTRY);

/** The whole product as `serve --site` composes it: API, origin and the built site on one port. */
export async function startSiteServer(
  options: Parameters<typeof startProductServer>[0] = {},
): Promise<TestServer> {
  const site = await loadSite(SITE_ENTRY);
  const t = await startProductServer({ ...options, ...(site ? { site } : {}) });
  // The site renders pages by calling this API over HTTP, as under `serve`.
  process.env.OTTKIT_API_ORIGIN = t.url;
  return t;
}
