import { createHash, randomBytes } from 'node:crypto';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Db, SqlValue } from '../db.ts';
import { pgKysely, type PgLocation } from '../kysely/pgPool.ts';
import { toPostgres } from './dialect.ts';
import type { Answer, Request, WorkerData } from './worker.ts';

/** PostgreSQL did not answer (down, unreachable, or slower than the wait): the request fails, the process lives. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
}

/** The URL with its password hidden, for messages. */
export const safeUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** Seconds a query may take before the caller gets an error (well under the client's 50 s). */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Tests run the whole server suite on PostgreSQL (decision 0275) with OTTKIT_DATABASE_PER_FILE=1: every database
 * a test opens gets its own schema, named after the SQLite file it would have used (so a CLI child process
 * opening the same data folder meets the same rows), or a fresh one for `:memory:`.
 */
function schemaFor(file: string, perFile: boolean): string | undefined {
  if (!perFile) return undefined;
  if (file === ':memory:') return `m_${process.pid}_${randomBytes(6).toString('hex')}`;
  return `f_${createHash('sha256').update(file).digest('hex').slice(0, 24)}`;
}

/**
 * The process's one worker thread for PostgreSQL (worker.ts), started with the first store and shared by every store
 * opened after it: a thread per store loaded `pg` again each time (about 0.14 s of CPU, hundreds of times in the
 * test run's PostgreSQL pass). It does not keep the process alive.
 */
let shared: Worker | undefined;
function pgWorker(): Worker {
  if (!shared) {
    const w = new Worker(new URL('./worker.ts', import.meta.url));
    w.unref();
    // A worker that died (it should not) is started again for the next store; the stores it served fail their
    // next call with the time-out error, as when PostgreSQL does not answer.
    w.on('exit', () => {
      if (shared === w) shared = undefined;
    });
    shared = w;
  }
  return shared;
}

/**
 * A synchronous `Db` over PostgreSQL (decision 0275): its `pg` client runs in the worker thread; each call posts
 * its request and blocks this thread with `Atomics.wait` until the worker answers (as node:sqlite blocks it for
 * each query today), so the store's ~500 synchronous call sites and its synchronous transactions stay as they are.
 */
export function openPgDb(
  url: string,
  file: string,
  perFile = process.env.OTTKIT_DATABASE_PER_FILE === '1',
): Db & { engine: 'postgres' } {
  const timeoutMs = Number(process.env.OTTKIT_DATABASE_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  const flag = new SharedArrayBuffer(4);
  const signal = new Int32Array(flag);
  const { port1, port2 } = new MessageChannel();
  const schema = schemaFor(file, perFile);
  const template = (schema && process.env.OTTKIT_DATABASE_TEMPLATE) || undefined;
  // `<database>:<seed key>`: the template also seeded, for the servers whose seed secrets give that key.
  const [seeded, seededKey] = ((schema && process.env.OTTKIT_DATABASE_SEEDED) || '').split(':');
  // Tests: the test file's tag on what this opens, so the file drops it when it ends (test/pgTestDatabases.ts).
  const tag = (schema && process.env.OTTKIT_TEST_DB_TAG) || undefined;
  const data: WorkerData = { url, schema, template, seeded, tag, port: port2, flag, timeoutMs };
  const adopt = (from: string) => {
    const a = call({ op: 'adopt', sql: from });
    fail(a);
    return a.changes === 1;
  };
  pgWorker().postMessage(data, [port2]);
  port1.unref();
  let nextId = 0;
  let closed = false;

  const call = (req: Omit<Request, 'id'>): Answer => {
    if (closed) throw new Error('The database is closed');
    const id = ++nextId;
    Atomics.store(signal, 0, 0);
    port1.postMessage({ ...req, id });
    const deadline = Date.now() + timeoutMs + 1_000;
    for (;;) {
      const got = receiveMessageOnPort(port1)?.message as Answer | undefined;
      if (got?.id === id) return got;
      if (got) continue; // a late answer to a request that already timed out
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(signal, 0, 0, left) === 'timed-out') {
        throw new DatabaseUnavailableError(
          `PostgreSQL did not answer within ${timeoutMs} ms (${safeUrl(url)})`,
        );
      }
      Atomics.store(signal, 0, 0);
    }
  };
  const sqlCache = new Map<string, string>();
  const pgSql = (sql: string) => {
    let s = sqlCache.get(sql);
    if (s === undefined) {
      s = toPostgres(sql);
      sqlCache.set(sql, s);
    }
    return s;
  };
  const fail = (a: Answer) => {
    if (!a.error) return;
    if (a.error.unavailable) {
      throw new DatabaseUnavailableError(`PostgreSQL is unavailable (${safeUrl(url)}): ${a.error.message}`);
    }
    throw Object.assign(new Error(a.error.message), { code: a.error.code });
  };
  const query = (sql: string, params: SqlValue[]) => {
    const text = pgSql(sql);
    if (text.trim() === '') return { rows: [], changes: 0 };
    // DDL the translator turned into several statements (a table and its rowid trigger) cannot be prepared.
    if (/^\s*CREATE\b/i.test(text) && text.includes(';')) {
      fail(call({ op: 'exec', sql: text }));
      return { rows: [], changes: 0 };
    }
    const a = call({ op: 'query', sql: text, params });
    fail(a);
    return { rows: a.rows ?? [], changes: a.changes ?? 0 };
  };
  const exec = (sql: string) => {
    const text = pgSql(sql);
    if (text.trim() !== '') fail(call({ op: 'exec', sql: text }));
  };

  const opened = call({ op: 'open' });
  if (opened.error) {
    closed = true;
    port1.close();
    throw new Error(
      `PostgreSQL at ${safeUrl(url)} (OTTKIT_DATABASE_URL) cannot be reached: ${opened.error.message}. ` +
        'Start PostgreSQL (Debian: apt-get install postgresql, then pg_ctlcluster <version> main start), ' +
        'check the URL, or unset OTTKIT_DATABASE_URL to use the embedded SQLite file.',
    );
  }

  const pool = pgKysely(
    url,
    () => {
      const a = call({ op: 'where' });
      fail(a);
      return a.rows?.[0] as unknown as PgLocation;
    },
    timeoutMs,
    (message) => new DatabaseUnavailableError(`PostgreSQL is unavailable (${safeUrl(url)}): ${message}`),
  );

  let depth = 0;
  return {
    engine: 'postgres',
    kysely: pool.kysely,
    poolStats: pool.stats,
    run(sql, ...params) {
      return { changes: query(sql, params).changes };
    },
    get<T>(sql: string, ...params: SqlValue[]) {
      return query(sql, params).rows[0] as T | undefined;
    },
    all<T>(sql: string, ...params: SqlValue[]) {
      return query(sql, params).rows as T[];
    },
    transaction<T>(fn: () => T, mode: 'immediate' | 'deferred' = 'immediate'): T {
      if (depth > 0) return fn();
      exec('BEGIN');
      depth++;
      try {
        // SQLite's immediate transaction holds the one write lock from its start: writers (in every process)
        // take turns, so a read-then-write step is never raced. The same here with one advisory lock.
        if (mode === 'immediate') query('SELECT pg_advisory_xact_lock(hashtext(current_schema()))', []);
        const result = fn();
        exec('COMMIT');
        return result;
      } catch (e) {
        try {
          exec('ROLLBACK');
        } catch {
          // The connection is gone: PostgreSQL rolled the transaction back itself.
        }
        throw e;
      } finally {
        depth--;
      }
    },
    exec,
    ...(template && { adoptMigrated: () => adopt(template) }),
    ...(seeded && { adoptSeeded: (key: string) => key === seededKey && adopt(seeded) }),
    close() {
      if (closed) return;
      void pool.end();
      try {
        call({ op: 'close' });
      } catch {
        // Closing a database that does not answer: its port closes anyway.
      }
      closed = true;
      port1.close();
    },
  };
}
