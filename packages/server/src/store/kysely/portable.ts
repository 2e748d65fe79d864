import type { Db } from '../db.ts';

/**
 * The few expressions the two engines spell differently, for statements written as Kysely `sql` templates (the
 * dashboard's window functions and unions, decision 0433). Each is chosen by the store's engine, never by
 * rewriting SQL text: the SQL a reader sees here is what each engine runs.
 */

/** A text field of a JSON document kept in a TEXT column: `field` is a key of its top level. */
export const jsonField = (db: Db, column: string, field: string): string =>
  db.engine === 'postgres'
    ? `(CAST(${column} AS JSONB) ->> '${field}')`
    : `json_extract(${column}, '$.${field}')`;

/**
 * A JSON document of a TEXT column as `jsonField` reads it best when it reads several fields: parsed once on
 * PostgreSQL (JSONB; its `jsonField` then casts a JSONB to itself), the text itself on SQLite.
 */
export const jsonDocument = (db: Db, column: string): string =>
  db.engine === 'postgres' ? `CAST(${column} AS JSONB)` : column;

/** An integer type wide enough for epoch milliseconds (PostgreSQL's INTEGER is 32 bits). */
export const wideInteger = (db: Db): string => (db.engine === 'postgres' ? 'BIGINT' : 'INTEGER');

/** A floating-point type as exact as JavaScript's numbers (PostgreSQL's REAL is 32 bits). */
export const wideReal = (db: Db): string => (db.engine === 'postgres' ? 'DOUBLE PRECISION' : 'REAL');

/** The UTC midnight of a YYYY-MM-DD text column, epoch ms. */
export const dayStartMs = (db: Db, column: string): string =>
  db.engine === 'postgres'
    ? `CAST(EXTRACT(EPOCH FROM CAST(${column} AS TIMESTAMP)) AS BIGINT) * 1000`
    : `CAST(strftime('%s', ${column}) AS INTEGER) * 1000`;
