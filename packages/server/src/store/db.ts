import { appendFileSync, chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Kysely } from 'kysely';
import type { PoolStats } from './kysely/pgPool.ts';
import { sqliteKysely } from './kysely/sqlite.ts';
import type { Database } from './kysely/schema.generated.ts';
import { openPgDb } from './pg/syncPg.ts';
import { versionsMayHaveMoved, writesMoveVersions } from './versions.ts';

export type SqlValue = SQLInputValue;

/**
 * The one small interface every store module uses. SQL is written so PostgreSQL also accepts it
 * (`?` placeholders are the only dialect detail; an adapter for PostgreSQL numbers them).
 */
export interface Db {
  run(sql: string, ...params: SqlValue[]): { changes: number };
  get<T = Record<string, unknown>>(sql: string, ...params: SqlValue[]): T | undefined;
  all<T = Record<string, unknown>>(sql: string, ...params: SqlValue[]): T[];
  /**
   * Runs `fn` in one transaction; nested calls join the outer one. 'immediate' (the default) takes the write
   * lock at once; 'deferred' takes it only if `fn` writes the database (writing temp tables alone never does).
   */
  transaction<T>(fn: () => T, mode?: 'immediate' | 'deferred'): T;
  exec(sql: string): void;
  close(): void;
  /**
   * The same store through Kysely (decision 0407): asynchronous, every query typed against the schema the
   * migrations make, compiled for the engine that answers. On SQLite it shares this store's connection; on
   * PostgreSQL it runs on a pool of its own, so a query blocks neither the process nor other requests' queries.
   * New store code uses it; the synchronous calls above move to it area by area.
   */
  readonly kysely: Kysely<Database>;
  /** Its connections, for the metrics: PostgreSQL's pool; SQLite's one connection, which never makes a query wait. */
  poolStats(): PoolStats;
  /** Which engine answers (decision 0275); the few queries with no portable spelling (full-text search) ask. */
  engine?: 'sqlite' | 'postgres';
  /**
   * PostgreSQL test runs only (decision 0275): turns a still-empty test database into a clone of the run's
   * migrated template; true when it did. `migrate` asks before applying the full list.
   */
  adoptMigrated?(): boolean;
  /** The same with the run's template also seeded, when its seed secrets give `key` (`seedKey`). */
  adoptSeeded?(key: string): boolean;
}

/** True when OTTKIT_DATABASE_URL names a PostgreSQL server (decision 0275). */
export const postgresUrl = (): string | undefined => {
  const url = process.env.OTTKIT_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
};

/**
 * Opens the store: PostgreSQL when OTTKIT_DATABASE_URL says so (`file` then only names a test's own schema),
 * otherwise (the default, `npm start` on a bare machine) the SQLite file.
 */
export function openDb(file: string): Db {
  const url = postgresUrl();
  if (!url) noteSqliteUse();
  return writesSeen(url ? openPgDb(url, file) : openSqliteDb(file));
}

/**
 * The store with its writes seen by the request that makes them (decision 0417): a request asks the versions of
 * what is kept once, and again after it wrote (`versionsMayHaveMoved`), on either side of the store.
 */
function writesSeen(db: Db): Db {
  let kysely: Kysely<Database> | undefined;
  const wrote = <T>(answer: T): T => {
    versionsMayHaveMoved();
    return answer;
  };
  return {
    run: (sql, ...params) => wrote(db.run(sql, ...params)),
    get: (sql, ...params) => db.get(sql, ...params),
    all: (sql, ...params) => db.all(sql, ...params),
    transaction: (fn, mode) => wrote(db.transaction(fn, mode)),
    exec: (sql) => wrote(db.exec(sql)),
    close: () => db.close(),
    get kysely() {
      kysely ??= db.kysely.withPlugin(writesMoveVersions);
      return kysely;
    },
    poolStats: () => db.poolStats(),
    engine: db.engine,
    adoptMigrated: db.adoptMigrated && (() => db.adoptMigrated?.() ?? false),
    adoptSeeded: db.adoptSeeded && ((key) => db.adoptSeeded?.(key) ?? false),
  };
}

/**
 * The test run's SQLite pass lists the test files whose code (or whose servers and commands) opened an SQLite
 * store, and runs only those again on PostgreSQL (docs/testing.md); a file whose stores are all on a PostgreSQL of
 * its own (the cluster's) ran on PostgreSQL already. Set by the test setup, never in the product.
 */
function noteSqliteUse() {
  const log = process.env.OTTKIT_STORE_USE_LOG;
  const file = process.env.OTTKIT_TEST_FILE;
  if (log && file) appendFileSync(log, `${file}\n`);
}

/**
 * SQLite's `synchronous` in WAL mode (decision 0424). FULL, the default, syncs the log to the disk at every commit,
 * so a commit survives a power loss: a purchase or a recharge is never undone. NORMAL syncs it at checkpoints only:
 * a power loss (never a crash of the process alone) may undo the last commits, whole, never half of one.
 * `OTTKIT_SQLITE_SYNCHRONOUS=normal` trades that for less work per write; the test run sets it, since on its
 * virtual machine a commit's sync costs about 0.05 ms of CPU and 0.15 ms of wall time.
 */
export function sqliteSynchronous(env: NodeJS.ProcessEnv = process.env): 'FULL' | 'NORMAL' {
  const raw = (env.OTTKIT_SQLITE_SYNCHRONOUS ?? 'full').toLowerCase();
  if (raw === 'full' || raw === 'normal') return raw === 'full' ? 'FULL' : 'NORMAL';
  throw new Error(`OTTKIT_SQLITE_SYNCHRONOUS must be full or normal, got '${raw.slice(0, 20)}'`);
}

/** Opens (creating if needed) the SQLite file, in WAL mode with foreign keys enforced. */
export function openSqliteDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(file);
  // Accounts, password hashes and sessions: readable by the server's user only. SQLite creates the -wal and
  // -shm files with the database file's mode, so it is set before WAL starts; older installs are fixed too.
  if (file !== ':memory:') {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
  }
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${sqliteSynchronous()}`);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  const cache = new Map<string, StatementSync>();
  const prepare = (sql: string) => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
  let depth = 0;
  let kysely: Kysely<Database> | undefined;
  return {
    engine: 'sqlite',
    get kysely() {
      kysely ??= sqliteKysely(prepare);
      return kysely;
    },
    poolStats: () => ({ max: 1, total: 1, idle: 1, waiting: 0 }),
    run(sql, ...params) {
      const r = prepare(sql).run(...params);
      return { changes: Number(r.changes) };
    },
    get<T>(sql: string, ...params: SqlValue[]) {
      return prepare(sql).get(...params) as T | undefined;
    },
    all<T>(sql: string, ...params: SqlValue[]) {
      return prepare(sql).all(...params) as T[];
    },
    transaction<T>(fn: () => T, mode: 'immediate' | 'deferred' = 'immediate'): T {
      if (depth > 0) return fn();
      db.exec(mode === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN');
      depth++;
      try {
        const result = fn();
        db.exec('COMMIT');
        return result;
      } catch (e) {
        db.exec('ROLLBACK');
        throw e;
      } finally {
        depth--;
      }
    },
    exec(sql) {
      db.exec(sql);
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
