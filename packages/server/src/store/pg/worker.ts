/**
 * The PostgreSQL side of the synchronous store (decision 0275): one worker thread per process, holding one `pg`
 * client for each store opened, driven by the main thread one request at a time. The main thread blocks on the
 * store's `flag` until an answer is posted, so a store's requests never overlap and one client each is enough; a
 * transaction is simply the requests between BEGIN and COMMIT.
 * A lost connection is dropped and opened again on the next request, so PostgreSQL coming back is enough.
 */
import { type MessagePort, parentPort } from 'node:worker_threads';
import pg from 'pg';
import { isUnavailable, param } from './values.ts';

export interface Request {
  id: number;
  op: 'open' | 'query' | 'exec' | 'close' | 'adopt' | 'where';
  sql?: string;
  params?: unknown[];
}
export interface Answer {
  id: number;
  rows?: Record<string, unknown>[];
  changes?: number;
  error?: { message: string; code?: string; unavailable?: boolean };
}
export interface WorkerData {
  url: string;
  /** A schema of its own (tests: one per database opened), created when missing; else the URL's default. */
  schema?: string;
  /**
   * Tests: a database already migrated (made once per run by scripts/with-postgres.mjs). A test database that
   * asks to `adopt` it while still empty becomes a clone of it (one file copy instead of every migration's DDL).
   */
  template?: string;
  /** Tests: the template migrated and seeded with the test secrets (`createServer` asks for it by key). */
  seeded?: string;
  /**
   * Tests: the comment put on the schema or clone this creates (the test file's tag), by which the file's end
   * drops what it made (test/pgTestDatabases.ts) rather than leaving it until the run's folder goes.
   */
  tag?: string;
  port: MessagePort;
  flag: SharedArrayBuffer;
  timeoutMs: number;
}

/** A string literal for DDL that takes no parameters (COMMENT ON): the tag is ours, quoted anyway. */
const quoted = (v: string) => `'${v.replaceAll("'", "''")}'`;

const names = new Map<string, string>();
const statementName = (sql: string) => {
  let n = names.get(sql);
  if (!n) {
    n = `s${names.size + 1}`;
    names.set(sql, n);
  }
  return n;
};

/**
 * One store's connection, served from the process's one worker (syncPg.ts): each `openPgDb` sends its port and
 * settings here, where a worker of its own per store cost a new thread that loaded `pg` again (about 0.14 s each).
 */
function serve({ url, schema, template, seeded, tag, port, flag, timeoutMs }: WorkerData) {
  /** The test database this one became (a clone of `template`), else undefined: a schema of the URL's database. */
  let database: string | undefined;
  const urlOf = (db: string) => {
    const u = new URL(url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const signal = new Int32Array(flag);
  let client: pg.Client | undefined;

  async function connect(): Promise<pg.Client> {
    if (client) return client;
    const c = new pg.Client({
      connectionString: database ? urlOf(database) : url,
      connectionTimeoutMillis: Math.min(timeoutMs, 5_000),
      statement_timeout: timeoutMs,
      // Named apart from the asynchronous pool's connections (kysely/pgPool.ts), so an operator's
      // pg_stat_activity and bench/statements-per-call.ts tell which store a statement came through (issue 39).
      application_name: 'ottkit-sync',
    });
    c.on('error', () => {
      if (client === c) client = undefined;
    });
    c.on('end', () => {
      if (client === c) client = undefined;
    });
    try {
      await c.connect();
      // A CLI child process opening a data folder whose test database is a clone: that database.
      if (schema && template && !database) {
        const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [schema]);
        if (found.rowCount) {
          await c.end().catch(() => {});
          database = schema;
          return connect();
        }
      }
      if (schema && !database) {
        await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).catch((e: { code?: string }) => {
          // Two processes opening the same test database at once: the other one made it.
          if (e.code !== '23505' && e.code !== '42P06') throw e;
        });
        if (tag) await c.query(`COMMENT ON SCHEMA ${schema} IS ${quoted(tag)}`);
        await c.query(`SET search_path TO ${schema}`);
      }
    } catch (e) {
      c.end().catch(() => {});
      throw e;
    }
    client = c;
    return c;
  }

  /**
   * Makes this still-empty test database a clone of the migrated template (decision 0275): `CREATE DATABASE …
   * TEMPLATE` copies its files, where migrating costs every migration's DDL. Anything already in the schema (a
   * process reopening a data folder) keeps it: answers whether it cloned.
   */
  async function adopt(c: pg.Client, from: string | undefined): Promise<boolean> {
    if (!schema || !from || (from !== template && from !== seeded) || database) return false;
    const tables = await c.query('SELECT 1 FROM pg_tables WHERE schemaname = $1 LIMIT 1', [schema]);
    if (tables.rowCount) return false;
    // FILE_COPY: a copy of the template's files after a checkpoint (cheap on the tests' fsync-less server), where
    // PostgreSQL 15's default writes the whole template through the WAL again for every clone.
    await c
      .query(`CREATE DATABASE ${schema} TEMPLATE ${from} STRATEGY FILE_COPY`)
      .catch((e: { code?: string }) => {
        if (e.code !== '42P04') throw e; // another process opening the same folder made it first
      });
    await c.query(`DROP SCHEMA IF EXISTS ${schema}`);
    if (tag) await c.query(`COMMENT ON DATABASE ${schema} IS ${quoted(tag)}`);
    await c.end().catch(() => {});
    client = undefined;
    database = schema;
    await connect();
    return true;
  }

  async function handle(req: Request): Promise<Answer> {
    const c = await connect();
    if (req.op === 'open') return { id: req.id };
    // Where this store's rows are (its clone database, or its schema of the URL's), for its pool (decision 0407).
    if (req.op === 'where')
      return {
        id: req.id,
        rows: [{ database: database ?? null, schema: schema && !database ? schema : null }],
      };
    if (req.op === 'adopt') return { id: req.id, changes: (await adopt(c, req.sql)) ? 1 : 0 };
    if (req.op === 'exec') {
      await c.query(req.sql as string);
      return { id: req.id };
    }
    // Named: PostgreSQL parses and plans each statement text once per connection, as node:sqlite's cache does.
    const r = await c.query({
      name: statementName(req.sql as string),
      text: req.sql as string,
      values: (req.params ?? []).map(param),
    });
    // A multi-statement text answers an array; the store sends one statement per query.
    const one = Array.isArray(r) ? r[r.length - 1] : r;
    return { id: req.id, rows: one.rows, changes: one.rowCount ?? 0 };
  }

  function answer(a: Answer) {
    port.postMessage(a);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  }

  port.on('message', async (req: Request) => {
    if (req.op === 'close') {
      await client?.end().catch(() => {});
      client = undefined;
      // A `:memory:` test database is gone when closed, as SQLite's: its clone is dropped (disk stays small). A
      // tagged one is left to its test file's end, which drops all it made at once (test/pgTestDatabases.ts): a
      // drop here made every close wait on it.
      if (database?.startsWith('m_') && !tag) {
        const admin = new pg.Client({ connectionString: url });
        // Its connection ending under it is no reason to end the thread (every store it serves would go with it).
        admin.on('error', () => {});
        await admin
          .connect()
          .then(() => admin.query(`DROP DATABASE IF EXISTS ${database}`))
          .catch(() => {})
          .finally(() => admin.end().catch(() => {}));
      }
      answer({ id: req.id });
      port.close();
      return;
    }
    try {
      answer(await handle(req));
    } catch (err) {
      const e = err as { message?: string; code?: string };
      const unavailable = isUnavailable(e);
      if (unavailable && client) {
        client.end().catch(() => {});
        client = undefined;
      }
      answer({ id: req.id, error: { message: e.message ?? String(err), code: e.code, unavailable } });
    }
  });
}

parentPort?.on('message', (data: WorkerData) => serve(data));
