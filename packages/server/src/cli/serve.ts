import { existsSync } from 'node:fs';
import { remoteVideosOf } from '../library/remoteVideos.ts';
import type { RemoteVideos } from '../origin/remoteVideos.ts';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer, type Origin, type OriginDeps, type SiteHandler } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { loggerFor } from '../logger.ts';
import { endedSessionsList, mediaSessionCheck } from '../domain/mediaRevocation.ts';
import { startLive } from '../live/index.ts';
import { compressPages } from '../http/compressPages.ts';
import { sendSiteReplaced, watchSiteBuild } from '../http/siteReplaced.ts';
import { createStaticHandler } from '../http/static.ts';
import { startRefreshSchedule } from '../sources/schedule.ts';
import { type Command, parseCommandArgs, str } from './command.ts';
import { loadProductionReact } from './siteReact.ts';
import { rememberSiteUrl } from './siteUrl.ts';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Imports one of our own optional modules (media, origin) only when it exists, so serve works without it. */
async function importOptional(relative: string): Promise<Record<string, unknown> | undefined> {
  const file = join(src, relative);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

export async function loadSite(path: string | undefined): Promise<SiteHandler | undefined> {
  if (!path) return undefined;
  const file = resolve(path);
  if (!existsSync(file)) {
    console.warn(`site entry ${file} not found (build the site first); serving API and media only`);
    return undefined;
  }
  loadProductionReact(file);
  const mod = (await import(pathToFileURL(file).href)) as { handler?: SiteHandler };
  const ssr = mod.handler;
  if (typeof ssr !== 'function') throw new Error(`${file} does not export a 'handler'`);
  // Astro's middleware mode leaves the built client files (dist/client, beside dist/server) to us.
  const serveStatic = createStaticHandler(join(dirname(file), '..', 'client'));
  const build = watchSiteBuild(file);
  return (req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    serveStatic(req, res, pathname).then((served) => {
      if (served) return;
      if (build.replaced()) return sendSiteReplaced(req, res);
      compressPages(req, res);
      return ssr(req, res, next);
    }, next);
  };
}

async function serve(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    site: { type: 'string' },
  });
  const overrides: Partial<ServerConfig> = {};
  if (values.port !== undefined) overrides.port = Number(values.port);
  if (values.host !== undefined) overrides.host = str(values.host);
  if (values.data !== undefined) overrides.dataDir = values.data;
  const config = loadConfig(overrides);
  // Text lines, or JSON lines with OTTKIT_LOG_FORMAT=json: the server's, the library's and the channels' alike.
  const logger = loggerFor(config.logFormat);

  // Media and origin are the media helper's modules (src/media, src/origin); imported only when present so the
  // API still serves without them. Signatures as of writing: prepareMedia({ dataDir, profile }) → library,
  // createOrigin({ dataDir, secret, library, now }). OTTKIT_MEDIA_PROFILE picks 'full' (default) or 'tiny'.
  const media = await importOptional('media/index.ts');
  const library =
    typeof media?.prepareMedia === 'function'
      ? await (
          media.prepareMedia as (o: {
            dataDir: string;
            profile: string;
            log: (m: string) => void;
          }) => Promise<unknown>
        )({
          dataDir: config.dataDir,
          profile: process.env.OTTKIT_MEDIA_PROFILE ?? 'full',
          log: (m) => logger.info(m),
        })
      : undefined;
  const originMod = await importOptional('origin/index.ts');
  const createOrigin = originMod?.createOrigin as
    | ((o: {
        dataDir: string;
        secret: string;
        library: unknown;
        now: () => number;
        sessionEnded: (sessionId: string, nowMs: number) => Promise<boolean>;
        endedSessions?: (nowMs: number) => Promise<string[]>;
        ingested?: unknown;
        onClose?: () => Promise<void>;
        onServed?: (play: { accountId: string; sourceId?: string }) => void;
        remoteVideos?: RemoteVideos;
        log?: (line: string) => void;
      }) => Origin)
    | undefined;
  const origin =
    library !== undefined && typeof createOrigin === 'function'
      ? (deps: OriginDeps) => {
          // Channels with live sources: one supervised ffmpeg each (issue 17, decision 0222).
          const live = startLive({
            db: deps.db,
            dataDir: config.dataDir,
            mediaDir: (library as { dir: string }).dir,
            now: deps.now,
            log: (line) => deps.logger.info(line),
          });
          return createOrigin({
            dataDir: config.dataDir,
            secret: config.secret,
            library,
            now: deps.now,
            // Logout revokes the media URLs handed to the session (decision 0100).
            sessionEnded: mediaSessionCheck(deps.db),
            // The nginx edge refuses those URLs itself with this list (decision 0306).
            endedSessions: endedSessionsList(deps.db),
            ingested: live.ingested,
            onClose: live.close,
            // The plays it serves, for the dashboard's plays that no player reported (decision 0389).
            onServed: deps.served,
            // Titles played from a feed's HLS URL (decision 0435).
            remoteVideos: remoteVideosOf(deps.db),
            log: (line) => deps.logger.info(line),
          });
        }
      : undefined;

  const site = await loadSite(str(values.site));
  const server = createServer({ config, origin, site, logger });
  const { url } = await server.listen();
  // The site renders pages by calling this API over HTTP (decision 0005).
  process.env.OTTKIT_API_ORIGIN ??= url;
  logger.info(`ottkit listening on ${url}${site ? '' : ' (API and media only; no site)'}`);
  // Operator commands run in another process (zero-trust seal prints links to the site): where it listens.
  rememberSiteUrl(config.dataDir, url);
  // Imported line-ups refresh on their interval, each in a child process (issue 16).
  const stopRefreshes = startRefreshSchedule(config.dataDir);
  const stop = () => {
    stopRefreshes();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}

export const serveCommand: Command = {
  name: 'serve',
  usage: '  serve [--port N] [--host H] [--site site/dist/server/entry.mjs]   start the product',
  run: serve,
};
