import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VIEWERS_NOW_MINUTES } from '@ottkit/api-client/contract';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sendBody, sendText } from '../http/send.ts';
import { liveCounters } from '../live/counters.ts';
import type { LiveChannelStatus } from '../live/liveStatus.ts';
import { supervisorFor } from '../live/registry.ts';
import { viewersTotal } from '../store/dashboard.ts';
import type { Db } from '../store/db.ts';
import { jobsByState, messagesWaiting } from '../store/monitoring.ts';
import { MONITORING_PATHS } from './health.ts';

/** The media kinds the origin answers, as a request's route label; anything else is one label, never the path. */
const MEDIA_KINDS = new Set(['live', 'vod', 'catchup', 'dvr', 'logo', 'art', 'edge']);
/** Latency buckets, seconds: a segment or an API call in milliseconds, a cold page or an upload in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsDeps {
  db: Db;
  dataDir: string;
  now: () => number;
  /** OTTKIT_METRICS_TOKEN: Prometheus sends it as a bearer token; without one, /metrics is off. */
  token?: string;
  /** Every API path the server answers (its routes): the only API paths used as labels. */
  apiPaths: ReadonlySet<string>;
}

export interface Metrics {
  /** Notes one request when its answer is sent (status, latency, by route). */
  observe(req: IncomingMessage, res: ServerResponse, pathname: string): void;
  /** `/metrics`: Prometheus's text format, to a caller with the token. */
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/**
 * The route a request is counted under: a bounded set, so that a client sending random paths cannot grow the
 * series without end. API calls by their contract path, media by kind, the site's pages and assets as two.
 */
export function routeLabel(pathname: string, apiPaths: ReadonlySet<string>): string {
  if (Object.values(MONITORING_PATHS).includes(pathname as never)) return pathname;
  if (pathname.startsWith('/api/')) return apiPaths.has(pathname) ? pathname : '/api/(unknown)';
  if (pathname.startsWith('/media/')) {
    const kind = pathname.split('/')[2] ?? '';
    return MEDIA_KINDS.has(kind) ? `/media/${kind}` : '/media/(other)';
  }
  if (pathname.startsWith('/_astro/')) return '/_astro';
  if (pathname.startsWith('/admin')) return '/admin (pages)';
  return '(pages)';
}

/**
 * Prometheus metrics of one server (prom-client, decision 0395): its own registry, so that several servers in
 * one process (the tests) never mix their figures. What is read from the store (jobs, the mail queue, viewers)
 * and from the live supervisor (channels, sources, switches) is read at scrape time, not kept up to date.
 */
export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // The live supervisor's view, read once a scrape (in `answer`) for the three live series.
  let live: LiveChannelStatus[] = [];
  const requests = new Counter({
    name: 'ottkit_http_requests_total',
    help: 'HTTP requests answered, by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'ottkit_http_request_duration_seconds',
    help: 'Time to the end of the answer, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'ottkit_live_channels',
    help: 'Channels with live sources in this process, by state (running, stopped, disk_full)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      for (const state of ['running', 'stopped', 'disk_full'] as const) this.set({ state }, 0);
      for (const c of live) {
        this.inc({ state: c.diskFull ? 'disk_full' : c.running ? 'running' : 'stopped' });
      }
    },
  });
  new Gauge({
    name: 'ottkit_live_sources',
    help: 'Live sources of the channels, by state (idle, starting, live, failing, failed)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      for (const c of live) {
        for (const s of c.sources) this.inc({ state: s.state });
      }
    },
  });
  new Gauge({
    name: 'ottkit_live_source_switches_24h',
    help: 'Source switches over the last 24 hours, all channels of this process',
    registers,
    collect() {
      this.set(live.reduce((n, c) => n + c.switches24h, 0));
    },
  });
  // What only an event knows, counted by the live channels themselves (live/counters.ts).
  for (const [name, key, help] of [
    [
      'ottkit_live_ffmpeg_starts_total',
      'ffmpegStarts',
      'ffmpeg processes started for live sources (a start after a failure is a restart)',
    ],
    [
      'ottkit_live_source_failures_total',
      'sourceFailures',
      'Live source failures (no signal, stalled, ffmpeg exited)',
    ],
  ] as const) {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(liveCounters[key]);
      },
    });
  }
  new Gauge({
    name: 'ottkit_database_info',
    help: 'The store engine this process uses (1 for the one in use)',
    labelNames: ['engine'] as const,
    registers,
    collect() {
      this.set({ engine: deps.db.engine ?? 'sqlite' }, 1);
    },
  });
  new Gauge({
    name: 'ottkit_database_pool_connections',
    help: "The store's connections by state (PostgreSQL's pool; SQLite's one connection, idle between queries)",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = deps.db.poolStats();
      this.set({ state: 'busy' }, p.total - p.idle);
      this.set({ state: 'idle' }, p.idle);
    },
  });
  new Gauge({
    name: 'ottkit_database_pool_max',
    help: 'Connections the store opens at most (OTTKIT_DATABASE_POOL_MAX on PostgreSQL; 1 on SQLite)',
    registers,
    collect() {
      this.set(deps.db.poolStats().max);
    },
  });
  new Gauge({
    name: 'ottkit_database_pool_waiting',
    help: 'Queries waiting for a free connection of the store: above 0 for long, the pool is too small',
    registers,
    collect() {
      this.set(deps.db.poolStats().waiting);
    },
  });
  // After the pool's figures: their queries (on the asynchronous store) would otherwise be counted as waiting for a
  // connection by the same scrape.
  /** A gauge of the store's counts by one label, each of `known` 0 when the store has none of it. */
  const storeCounts = (
    name: string,
    help: string,
    label: string,
    known: readonly string[],
    read: (db: Db) => Promise<Map<string, number>>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers,
      async collect() {
        const counts = await read(deps.db);
        this.reset();
        for (const value of known) this.set({ [label]: value }, 0);
        for (const [value, n] of counts) this.set({ [label]: value }, n);
      },
    });
  storeCounts(
    'ottkit_jobs',
    'Operator jobs by state',
    'state',
    ['queued', 'running', 'succeeded', 'failed'],
    jobsByState,
  );
  storeCounts(
    'ottkit_messages_waiting',
    'Codes and messages not delivered yet, by channel (email, sms): the mail queue depth',
    'channel',
    ['email', 'sms'],
    messagesWaiting,
  );
  new Gauge({
    name: 'ottkit_viewers',
    help: `Accounts that reported watching in the last ${VIEWERS_NOW_MINUTES} minutes (the dashboard's viewers now)`,
    registers,
    async collect() {
      this.set(await viewersTotal(deps.db, deps.now() - VIEWERS_NOW_MINUTES * 60_000));
    },
  });
  // The process's own (CPU, memory, event-loop delay, GC), only once metrics are on: each set starts observers.
  if (deps.token) collectDefaultMetrics({ register: registry, prefix: 'ottkit_' });

  const expected = deps.token ? Buffer.from(`Bearer ${deps.token}`) : undefined;
  const allowed = (req: IncomingMessage) => {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    return expected !== undefined && given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    observe(req, res, pathname) {
      // Metrics off: nobody can read them, so no request carries the bookkeeping.
      if (!expected) return;
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const route = routeLabel(pathname, deps.apiPaths);
        const method = req.method ?? 'GET';
        requests.inc({ route, method, status: String(res.statusCode) });
        latency.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
      });
    },
    async answer(req, res) {
      if (!expected) {
        return sendText(
          req.method,
          res,
          404,
          'Metrics are off: set OTTKIT_METRICS_TOKEN (docs/operations.md)',
        );
      }
      if (!allowed(req)) {
        return sendText(req.method, res, 401, 'Metrics need the bearer token (OTTKIT_METRICS_TOKEN)', {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
      live = supervisorFor(deps.dataDir)?.status().channels ?? [];
      const body = await registry.metrics();
      sendBody(
        req.method,
        res,
        200,
        { 'content-type': registry.contentType, 'cache-control': 'no-store' },
        body,
      );
    },
  };
}
