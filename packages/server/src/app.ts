import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrCode } from '@ottkit/api-client';
import { type ServerConfig, loadConfig } from './config.ts';
import {
  createApiHandler,
  dbFile,
  isApiPath,
  type Logger,
  type RawRoute,
  type SessionResolver,
} from './http/api.ts';
import { contractRawRoutes } from './http/rawRoutes.ts';
import { handleArt } from './http/art.ts';
import { handleImportedLogo } from './http/importedLogo.ts';
import { handleLogo } from './http/logo.ts';
import { applySecurityHeaders } from './http/securityHeaders.ts';
import { sessionResolver } from './http/session.ts';
import { sendText } from './http/send.ts';
import { purgeExpired } from './domain/housekeeping.ts';
import { libraryImportResumer } from './library/importJob.ts';
import { startLibraryWatch } from './library/watch.ts';
import { startJobRecovery } from './operator/jobRecovery.ts';
import { resizeImage } from './media/resizeImage.ts';
import { transcodeTitle } from './media/transcode.ts';
import { lineupImporter } from './sources/lineupImporter.ts';
import { rollUpTelemetry } from './domain/telemetryRetention.ts';
import { servedPlayRecorder } from './domain/servedPlays.ts';
import { diskFullMessage, isDiskFull } from './store/diskFull.ts';
import { type MessageSender, outboxSender } from './domain/messages.ts';
import { sendError } from './http/respond.ts';
import type { Route } from './http/route.ts';
import { apiRoutes } from './http/routes/index.ts';
import { titleUploadRawRoutes } from './http/routes/operatorTitles.ts';
import { seedIfEmpty, seedKey } from './seed/index.ts';
import { handleBrandFiles } from './http/brandFiles.ts';
import { type Db, openDb } from './store/db.ts';
import { migrate } from './store/migrations.ts';
import { joinSharedState } from './shared/join.ts';
import { loggerFor, textLogger } from './logger.ts';
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from './monitoring/requestId.ts';
import { withVersionsOfOneRequest } from './store/versions.ts';
import { answerAlive, answerReady, MONITORING_PATHS } from './monitoring/health.ts';
import { createMetrics } from './monitoring/metrics.ts';
import { markRunning } from './backup/running.ts';
import { startMailDelivery } from './mail/delivery.ts';

/** The live origin (media helper's `createOrigin`): answers `/media/*`, returns false when a path is not its. */
export interface Origin {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  close?(): void | Promise<void>;
}

/** The Astro Node adapter's middleware-mode handler. */
export type SiteHandler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What an origin factory gets: the origin is created after the database is open. */
export interface OriginDeps {
  config: ServerConfig;
  db: Db;
  now: () => number;
  logger: Logger;
  /** The origin's `onServed`: notes the plays it serves, for the dashboard (decision 0389). */
  served: (play: { accountId: string; sourceId?: string }) => void;
}

export interface CreateServerOptions {
  /** Overrides of the environment-derived configuration (tests: `{ dataDir, port: 0 }`). */
  config?: Partial<ServerConfig>;
  /** The live origin, or a factory that builds it once the database is open. */
  origin?: Origin | ((deps: OriginDeps) => Origin);
  site?: SiteHandler;
  /** The clock, epoch ms; tests pass a fake one. */
  now?: () => number;
  logger?: Logger;
  /** Extra API routes beyond the built-in ones. */
  routes?: Route[];
  /** Extra non-contract endpoints under the API prefixes (binary bodies, documents). */
  rawRoutes?: RawRoute[];
  /** Finds the caller's session; by default from the access token (header, VOD query or cookie). */
  resolveSession?: SessionResolver;
  /** Delivers verification codes; the outbox table by default. */
  sender?: MessageSender;
}

export interface OttkitServer {
  config: ServerConfig;
  db: Db;
  /** The request listener, for embedding in another server. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  listen(): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

/** Text lines on the console (the package's export; a server given no logger follows OTTKIT_LOG_FORMAT). */
export const consoleLogger: Logger = textLogger;

/** What the product answers to at all (the API only GET and POST; OPTIONS for the licence endpoint's CORS). */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];

const plain = (res: ServerResponse, status: number, text: string) => sendText(undefined, res, status, text);

/**
 * Composes the product on one origin: the API (routes from the contract), `/media/*` (logos here, the rest
 * from the live origin), and everything else from the site. Opens, migrates and seeds the database.
 */
/** How long the server keeps an idle keep-alive connection open. */
export const KEEP_ALIVE_MS = 65_000;

export function createServer(options: CreateServerOptions = {}): OttkitServer {
  const config = loadConfig(options.config);
  const logger = options.logger ?? loggerFor(config.logFormat);
  const now = options.now ?? Date.now;
  const db = openDb(dbFile(config));
  // PostgreSQL test runs: a clone of the run's migrated and seeded template when the seed would be the same.
  db.adoptSeeded?.(seedKey(config));
  migrate(db);
  seedIfEmpty(db, config);
  // Limits, locks and cache invalidation: in memory, or over Redis shared with the other processes (0260).
  const shared = joinSharedState(db, config);
  // Jobs whose process stopped (this one before a restart, or another of the cluster): failed in words, or
  // continued where they kept themselves; a live process's jobs are left alone (decisions 0282, 0315). A resumed
  // transcode or import runs the work handed in here, so that operator/ starts no process itself (decision 0369).
  const jobRecovery = startJobRecovery(db, config, now, logger, {
    transcodeTitle,
    lineupImporter,
    resumers: {
      'library.import': libraryImportResumer(
        db,
        config.libraryRoots,
        config.dataDir,
        now,
        transcodeTitle,
        resizeImage,
      ),
    },
  });
  // Watched film libraries are looked at again on their interval, and imported when their folder changed (0423).
  const stopLibraryWatch = startLibraryWatch(db, config, now, logger, transcodeTitle, resizeImage);
  const housekeepingFailed = (err: unknown) =>
    logger.error(
      isDiskFull(err) ? `housekeeping: ${diskFullMessage(err, dbFile(config))}` : 'housekeeping failed',
      err,
    );
  // The runs in flight: `close` waits for them, so a store is never closed under its own clean-up.
  const cleaning = new Set<Promise<unknown>>();
  const clean = () =>
    [purgeExpired(db, now()), rollUpTelemetry(db, now(), config.telemetryRetentionDays)].map((run) => {
      const kept = run.catch(housekeepingFailed).finally(() => cleaning.delete(kept));
      cleaning.add(kept);
      return kept;
    });
  // The first runs end before the server listens, as when the roll-up was synchronous: a caller's first statements
  // never wait behind the roll-up's transaction.
  const firstClean = clean();
  // Hourly clean-up of spent tokens and codes, and telemetry roll-up; unref'd so it never keeps the process alive.
  const housekeeping = setInterval(() => void clean(), 60 * 60 * 1000);
  housekeeping.unref();
  const served = servedPlayRecorder(db, now, (err) =>
    logger.error(
      isDiskFull(err)
        ? `served play not noted: ${diskFullMessage(err, dbFile(config))}`
        : 'served play not noted',
      err,
    ),
  );
  const origin =
    typeof options.origin === 'function'
      ? options.origin({ config, db, now, logger, served })
      : options.origin;

  // Codes and notices go out by SMTP or the SMS webhook where configured; otherwise they stay in the outbox.
  const mail = startMailDelivery({ db, config, now, logger });

  const routes = [...apiRoutes, ...(options.routes ?? [])];
  const rawRoutes = [
    ...contractRawRoutes(origin),
    ...titleUploadRawRoutes({ db, config, now }),
    ...(options.rawRoutes ?? []),
  ];
  const api = createApiHandler(
    routes,
    {
      db,
      config,
      now,
      logger,
      resolveSession: options.resolveSession ?? sessionResolver(db, config),
      sender: options.sender ?? outboxSender(db, mail.nudge),
    },
    // The contract's raw calls: the OpenAPI document, and the licence the live origin answers (spec §7).
    rawRoutes,
  );
  const metrics = createMetrics({
    db,
    dataDir: config.dataDir,
    now,
    token: config.metricsToken,
    apiPaths: new Set([...routes.map((r) => r.descriptor.path), ...rawRoutes.map((r) => r.path)]),
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return sendError(res, 400, ErrCode.INVALID_REQUEST, 'Malformed request URL');
    }
    const { pathname } = url;
    metrics.observe(req, res, pathname);
    // Pages, static files and media; the API sends its own stricter set (API_HEADERS).
    if (!isApiPath(pathname)) applySecurityHeaders(res, pathname, config.frameAncestors);
    // Nothing here takes TRACE, PUT, DELETE…: a clear 405 rather than whatever a handler makes of them.
    if (!ALLOWED_METHODS.includes(req.method ?? '')) {
      res.setHeader('allow', ALLOWED_METHODS.join(', '));
      if (isApiPath(pathname)) {
        return sendError(res, 405, ErrCode.METHOD_NOT_ALLOWED, `${req.method} is not allowed here`);
      }
      return plain(res, 405, 'Method not allowed');
    }
    if (isApiPath(pathname)) return api(req, res, url);
    // For nginx, a load balancer, an orchestrator and Prometheus (docs/operations.md).
    if (pathname === MONITORING_PATHS.alive) return answerAlive(req, res);
    if (pathname === MONITORING_PATHS.ready) {
      return answerReady(req, res, { db, shared, dataDir: config.dataDir, logger });
    }
    if (pathname === MONITORING_PATHS.metrics) return metrics.answer(req, res);
    if (pathname.startsWith('/media/')) {
      if (await handleLogo(db, config.dataDir, pathname, req.method ?? 'GET', res)) return;
      if (handleBrandFiles(config.dataDir, pathname, req.method ?? 'GET', res)) return;
      if (handleImportedLogo(config.dataDir, pathname, req.method ?? 'GET', res)) return;
      if (
        await handleArt(db, pathname, req.method ?? 'GET', res, url.searchParams.get('lang'), config.dataDir)
      )
        return;
      try {
        if (origin && (await origin.handle(req, res, url))) return;
      } catch (err) {
        // A media file gone from the data folder (deleted, replaced): the viewer gets 404, the operator a log line.
        if ((err as { code?: unknown }).code !== 'ENOENT') throw err;
        logger.error(
          `media file missing for ${pathname}: ${(err as { path?: string }).path ?? 'unknown path'}`,
        );
      }
      return plain(res, 404, 'Not found');
    }
    if (options.site) {
      options.site(req, res, (err) => {
        if (err) {
          logger.error(`site failed on ${pathname}`, err);
          return plain(res, 500, 'Internal server error');
        }
        plain(res, 404, 'Not found');
      });
      return;
    }
    plain(res, 404, 'Not found');
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    // The edge's request id (or a new one), in the answer and in every log line written while serving it.
    const id = requestIdOf(req);
    res.setHeader(REQUEST_ID_HEADER, id);
    // Its calls ask the versions of what is kept once (decision 0417).
    withRequestId(id, () => withVersionsOfOneRequest(() => serveOne(req, res)));
  };
  const serveOne = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err) => {
      if (isDiskFull(err)) {
        logger.error(`${req.method} ${req.url}: ${diskFullMessage(err, config.dataDir)}`);
        return plain(res, 503, 'Service unavailable');
      }
      logger.error(`${req.method} ${req.url} failed`, err);
      plain(res, 500, 'Internal server error');
    });
  };
  const server = createHttpServer(handler);
  // An idle keep-alive connection is closed by the client (nginx, a load balancer, a browser) before the server:
  // when the server closed it first (Node's 5 s), a request the client sent on it at that moment was reset. Seen
  // whenever the client's timers ran late (a test run on a loaded machine). Above nginx's and most balancers' 60 s.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // While it listens, `restore` refuses to write under it (backup/running.ts).
  let unmarkRunning = () => {};

  return {
    config,
    db,
    handler,
    async listen() {
      await Promise.all([shared.ready(), jobRecovery.firstSweep, Promise.allSettled(firstClean)]);
      return new Promise((resolve, reject) => {
        server.once('error', (err) => {
          // Nothing else would end the process: the shared state's connections keep it alive.
          shared.close().finally(() => reject(err));
        });
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          unmarkRunning = markRunning(config.dataDir);
          const { port } = server.address() as AddressInfo;
          const host = config.host.includes(':') ? `[${config.host}]` : config.host;
          resolve({ port, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` });
        });
      });
    },
    async close() {
      unmarkRunning();
      clearInterval(housekeeping);
      jobRecovery.stop();
      stopLibraryWatch();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await origin?.close?.();
      await Promise.allSettled(cleaning);
      await mail.close();
      await shared.close();
      db.close();
    },
  };
}
