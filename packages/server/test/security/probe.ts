import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { CallDescriptor } from '@ottkit/api-client/contract';
import type { Db } from '../../src/store/db.ts';
import type { TestServer } from '../helpers.ts';
import { SITE_ENTRY, siteBuilt, startSiteServer } from '../productServer.ts';

/** One answer as sent: status, headers, body text (no decompression, no redirect following). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Any request exactly as given (fetch would normalise paths, refuse some methods and headers). */
export function raw(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const req = request(base, { method: init.method ?? 'GET', path, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    // A connection the server closes on purpose (an absurd body) is a refusal, not a server error.
    req.on('error', (err) => resolve({ status: 0, headers: {}, body: String(err) }));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** Calls a contract call with `body`: as the query for GET calls (values as the client sends them). */
export function callRaw(
  base: string,
  d: CallDescriptor,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (d.method === 'GET') {
    const q = new URLSearchParams(
      Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    return raw(base, `${d.path}?${q}`, { headers });
  }
  return raw(base, d.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** What a suite tried, by kind, and how the server answered (printed at the end, asserted on). */
export class Tally {
  readonly #rows = new Map<string, { tried: number; byStatus: Map<number, number> }>();
  readonly fiveHundreds: string[] = [];

  record(kind: string, what: string, a: RawAnswer): RawAnswer {
    const row = this.#rows.get(kind) ?? { tried: 0, byStatus: new Map() };
    row.tried++;
    row.byStatus.set(a.status, (row.byStatus.get(a.status) ?? 0) + 1);
    this.#rows.set(kind, row);
    if (a.status >= 500) this.fiveHundreds.push(`${kind}: ${what} → ${a.status} ${a.body.slice(0, 120)}`);
    return a;
  }

  get total(): number {
    return [...this.#rows.values()].reduce((n, r) => n + r.tried, 0);
  }

  print(title: string): void {
    const lines = [...this.#rows.entries()].map(
      ([kind, r]) =>
        `  ${kind.padEnd(44)} ${String(r.tried).padStart(6)}  ${[...r.byStatus.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s || 'closed'}×${n}`)
          .join(' ')}`,
    );
    console.log(`${title}: ${this.total} requests, ${this.fiveHundreds.length} x 5xx\n${lines.join('\n')}`);
  }
}

/** Tables whose rows a refused request may legitimately add to: counters of failures (they are the defence). */
const COUNTERS = new Set(['attempt_limits', 'schema_migrations', 'probe_changes']);

/** A fingerprint of every table's rows (counters aside): equal before and after means nothing was written. */
export function dbFingerprint(db: Db, skip?: RegExp): Record<string, string> {
  const tables = db
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .map((r) => r.name)
    .filter((n) => !COUNTERS.has(n) && !n.includes('_fts') && !skip?.test(n));
  const out: Record<string, string> = {};
  // PostgreSQL: one query for all tables, hashed where the rows are. A query per table, each a round trip through
  // the synchronous store (decision 0275), made the injection sweeps (a fingerprint before and after each of
  // hundreds of calls) several times slower there than on SQLite.
  if (db.engine === 'postgres') {
    const sql = tables
      .sort()
      .map(
        (n) =>
          `SELECT '${n}' AS name, COUNT(*) AS n, md5(COALESCE(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${n}" x`,
      )
      .join(' UNION ALL ');
    for (const r of db.all<{ name: string; n: number; h: string }>(sql)) {
      out[r.name] = `${r.n}:${r.h.slice(0, 16)}`;
    }
    return out;
  }
  for (const name of tables.sort()) {
    const rows = db.all<Record<string, unknown>>(`SELECT * FROM "${name}"`);
    const h = createHash('sha256');
    for (const r of rows) h.update(JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
    out[name] = `${rows.length}:${h.digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** Databases whose PostgreSQL write counter is installed (once per database, on the first reading). */
const counting = new WeakSet<Db>();

/**
 * PostgreSQL keeps no count of rows written per connection (decision 0275): a row trigger on every table adds
 * one per row inserted, updated or deleted to `probe_changes`, which rolls back with the write it counts.
 * Installed by the test, on its own database only; the server's schema is not changed.
 */
function countWrites(db: Db): void {
  if (counting.has(db)) return;
  const tables = db
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .map((r) => r.name)
    .filter((n) => n !== 'probe_changes');
  // `n` counts every row written; `data` those of the tables beside the counters (stateBesideCounters).
  db.exec('CREATE TABLE IF NOT EXISTS probe_changes (n BIGINT NOT NULL, data BIGINT NOT NULL)');
  db.exec('INSERT INTO probe_changes (n, data) SELECT 0, 0 WHERE NOT EXISTS (SELECT 1 FROM probe_changes)');
  db.exec(`CREATE OR REPLACE FUNCTION probe_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE probe_changes SET n = n + 1, data = data + CASE WHEN TG_ARGV[0] = 'data' THEN 1 ELSE 0 END;
  RETURN NULL;
END $$`);
  const triggers = tables
    .map(
      (n) =>
        `CREATE OR REPLACE TRIGGER probe_count AFTER INSERT OR UPDATE OR DELETE ON "${n}" FOR EACH ROW EXECUTE FUNCTION probe_count('${COUNTERS.has(n) ? 'counter' : 'data'}');`,
    )
    .join('\n');
  // Each trigger locks its table while the server runs beside it: a write of the server's that locks two of them
  // in the other order is a deadlock PostgreSQL breaks by failing one side (40P01). This side is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      db.exec(triggers);
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== '40P01' || attempt === 5) throw e;
    }
  }
  counting.add(db);
}

/**
 * Rows written on the server's connection so far (SQLite's total_changes): cheap per-request check. On
 * PostgreSQL the count of `countWrites`' triggers. `probe.test.ts` proves it sees an insert, an update and a
 * delete on both engines.
 */
export function totalChanges(db: Db): number {
  if (db.engine !== 'postgres') return Number(db.get<{ n: number }>('SELECT total_changes() AS n')?.n ?? 0);
  countWrites(db);
  return Number(db.get<{ n: number }>('SELECT n FROM probe_changes')?.n ?? 0);
}

/**
 * What a refused call that counts its attempts (a sign-in, a recharge code) may not change: every table but the
 * counters, compared as a string before and after. On SQLite a fingerprint of the rows (`skip` aside); on
 * PostgreSQL the triggers' count of rows written to those tables, catalogue included. A fingerprint there hashes
 * every row twice a call, and it was most of the PostgreSQL pass's longest file (decision 0409).
 */
export function stateBesideCounters(db: Db, skip?: RegExp): string {
  if (db.engine !== 'postgres') return JSON.stringify(dbFingerprint(db, skip));
  countWrites(db);
  return String(db.get<{ data: number }>('SELECT data FROM probe_changes')?.data ?? 0);
}

/**
 * Waits until no operator job is queued or running: a call that starts a job (code batch, notify all) goes on
 * writing after it answered, and that write is not the next, refused call's. Slower engines make it visible.
 */
export async function jobsSettled(db: Db, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const busy = () =>
    db.get<{ n: number }>("SELECT COUNT(*) AS n FROM operator_jobs WHERE status IN ('queued', 'running')")
      ?.n ?? 0;
  while (busy() > 0) {
    if (Date.now() > until) throw new Error('Operator jobs still running after 30 s');
    await new Promise((done) => setTimeout(done, 10));
  }
}

/** The whole product (API, origin, built site) on a temporary database; the suite needs the site built. */
export async function startTarget(): Promise<TestServer> {
  if (!siteBuilt)
    throw new Error(
      `The security suite runs against the built site: ${SITE_ENTRY} is missing (npm run build)`,
    );
  return startSiteServer({ config: { visitorMode: true } });
}
