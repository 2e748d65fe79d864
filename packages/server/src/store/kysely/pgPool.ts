import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { isUnavailable, param } from '../pg/values.ts';
import type { Database } from './schema.generated.ts';

/**
 * A pool's connection that always listens for its own death. `pg` throws a connection's `error` event out of the
 * process when nothing listens, and the pool listens only while a connection is idle: one that a transaction
 * holds between two statements, or one the pool is handing out or taking back, has no listener for a moment.
 * PostgreSQL ending it then (its database dropped, the server restarted) ended the process and cut off every
 * viewer of it (decision 0431; seen again in the test run, decision 0432). With this listener the error reaches
 * the statement that was waiting, if any, or the connection's next statement, as the typed `unavailable` error,
 * and the pool drops the connection.
 */
class ListenedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}

/** Connections a process's pool opens at most (OTTKIT_DATABASE_POOL_MAX): queries beyond them wait their turn. */
export const DEFAULT_POOL_MAX = 10;

/** A store's connections, for the metrics (decision 0407): at most `max`, `total` open, `waiting` queries queued. */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Where a store's rows are: a database of its own (a test's clone), or a schema of the URL's database. */
export interface PgLocation {
  database: string | null;
  schema: string | null;
}

/**
 * Kysely over a `pg` pool (decision 0407): asynchronous, so a query waits for PostgreSQL without blocking the
 * process, and queries of different requests run at once on different connections. Opened on the first query,
 * at the location the synchronous store found (`where`). Values and failures as the synchronous store's: NUL
 * replaced, numbers as numbers, an unreachable server the typed `unavailable` error.
 */
export function pgKysely(
  url: string,
  where: () => PgLocation,
  timeoutMs: number,
  unavailable: (message: string) => Error,
): { kysely: Kysely<Database>; end(): Promise<void>; stats(): PoolStats } {
  let pool: pg.Pool | undefined;
  const max = Number(process.env.OTTKIT_DATABASE_POOL_MAX) || DEFAULT_POOL_MAX;
  const open = (): pg.Pool => {
    if (pool) return pool;
    const { database, schema } = where();
    const u = new URL(url);
    if (database) u.pathname = `/${database}`;
    pool = new pg.Pool({
      Client: ListenedClient,
      connectionString: u.toString(),
      max,
      connectionTimeoutMillis: Math.min(timeoutMs, 5_000),
      statement_timeout: timeoutMs,
      application_name: 'ottkit',
      // Idle connections go back after a while, so a quiet process (or a test's store) holds none.
      idleTimeoutMillis: 10_000,
      ...(schema && { options: `-c search_path=${schema}` }),
    });
    // A connection that dies while idle is dropped by the pool; nothing to do but not crash.
    pool.on('error', () => {});
    return pool;
  };
  const fail = (e: unknown): never => {
    const err = e as { code?: string; message?: string };
    if (isUnavailable(err)) throw unavailable(err.message ?? String(e));
    throw e;
  };
  const wrapped: PostgresPool = {
    options: {},
    async connect(): Promise<PostgresPoolClient> {
      const client = await open().connect().catch(fail);
      return {
        release: (destroy?: boolean) => client.release(destroy),
        query: ((sql: string, parameters: ReadonlyArray<unknown>) =>
          client.query(sql, parameters.map(param)).catch(fail)) as unknown as PostgresPoolClient['query'],
      };
    },
    async end() {
      await pool?.end();
    },
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: wrapped }) });
  return {
    kysely,
    // Before the first query no pool is open: no connection yet.
    stats: () => ({
      max,
      total: pool?.totalCount ?? 0,
      idle: pool?.idleCount ?? 0,
      waiting: pool?.waitingCount ?? 0,
    }),
    end: async () => {
      const p = pool;
      pool = undefined;
      await p?.end().catch(() => {});
    },
  };
}
