import { rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import type { SharedState } from '../shared/sharedState.ts';
import type { Db } from '../store/db.ts';
import { sendBody } from '../http/send.ts';

/** The paths a load balancer, nginx or an orchestrator asks (docs/operations.md); never under the API prefixes. */
export const MONITORING_PATHS = { alive: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

/** How long /readyz waits for Redis before it says Redis does not answer. */
const REDIS_WAIT_MS = 2_000;

/** What /readyz found, check by check: "ok", "not configured", or what is wrong, in words. */
export interface Readiness {
  status: 'ready' | 'not ready';
  checks: { database: string; redis: string; dataFolder: string };
}

export interface ReadinessDeps {
  db: Db;
  shared: SharedState;
  dataDir: string;
  logger: Logger;
}

/**
 * Whether this process can serve: its database answers, Redis answers when the cluster uses it, and the data
 * folder takes a write (a full or read-only disk stops uploads, recordings and the SQLite store). The library's
 * own error goes to the log, never into the answer: the endpoint is open to whoever reaches the port.
 */
export async function readiness({ db, shared, dataDir, logger }: ReadinessDeps): Promise<Readiness> {
  const checks = { database: 'ok', redis: 'not configured', dataFolder: 'ok' };
  try {
    // On the asynchronous store: a probe that waits for PostgreSQL must not stop the process it probes.
    await db.kysely.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
  } catch (err) {
    logger.error('readyz: the database did not answer', err);
    checks.database = 'the database does not answer';
  }
  if (shared.kind === 'redis') {
    try {
      await withTimeout(shared.ping(), REDIS_WAIT_MS);
      checks.redis = 'ok';
    } catch (err) {
      logger.error('readyz: Redis did not answer', err);
      checks.redis = 'Redis does not answer';
    }
  }
  const probe = join(dataDir, `.readyz-${process.pid}`);
  try {
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (err) {
    logger.error('readyz: the data folder took no write', err);
    checks.dataFolder = 'the data folder takes no write (full or read-only)';
  }
  const ok =
    checks.database === 'ok' && checks.dataFolder === 'ok' && checks.redis !== 'Redis does not answer';
  return { status: ok ? 'ready' : 'not ready', checks };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** `/healthz`: the process is alive and answers (nothing else is checked: a restart would not mend the rest). */
export function answerAlive(req: IncomingMessage, res: ServerResponse) {
  sendBody(req.method, res, 200, HEADERS, '{"status":"alive"}');
}

/** `/readyz`: 200 when ready, 503 with the failing check in words when not. */
export async function answerReady(req: IncomingMessage, res: ServerResponse, deps: ReadinessDeps) {
  const r = await readiness(deps);
  sendBody(req.method, res, r.status === 'ready' ? 200 : 503, HEADERS, JSON.stringify(r));
}
