/**
 * What both PostgreSQL paths of the store share (decision 0407): the synchronous store's worker thread (worker.ts)
 * and the asynchronous pool Kysely runs on (kysely/pgPool.ts) read and write values alike, and call the same
 * failures "unavailable".
 */
import pg from 'pg';

// Numbers come back as numbers, as SQLite gives them: counts and sums (int8, numeric), ids and ms times
// (BIGINT columns); comparisons as 0/1 like SQLite's booleans. Process-wide (per thread), as pg's parsers are.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.BOOL, (v) => (v === 't' ? 1 : 0));

/** Connection failures and a server going away: the store is unavailable, not the request wrong. */
// 57014: statement_timeout cancelled a query that took longer than the wait (the typed time-out error).
const UNAVAILABLE = new Set([
  '57014',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);
export const isUnavailable = (e: { code?: string; message?: string }) =>
  (e.code !== undefined && UNAVAILABLE.has(e.code)) ||
  /Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(e.message ?? '');

/**
 * PostgreSQL text cannot hold NUL (SQLite's can): a NUL a client sent becomes U+FFFD, so a lookup finds nothing
 * and a write stores the visible replacement, instead of the whole request failing (decision 0275).
 */
export const param = (v: unknown) => {
  if (ArrayBuffer.isView(v)) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'string' && v.includes('\0')) return v.replaceAll('\0', '\uFFFD');
  return v;
};
