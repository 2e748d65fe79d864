import { describe, expect, it } from 'vitest';
import { migrations } from '../migrations.ts';
import { toPostgres } from './dialect.ts';

// The translator's rules one by one (decision 0275); that the result runs is the PostgreSQL run of the suite.
describe('toPostgres', () => {
  it('numbers placeholders outside string literals and leaves literals alone', () => {
    expect(toPostgres("SELECT * FROM t WHERE a = ? AND b = 'what?' AND c = ?")).toBe(
      "SELECT * FROM t WHERE a = $1 AND b = 'what?' AND c = $2",
    );
    expect(toPostgres("SELECT 'it''s INTEGER' AS x")).toBe("SELECT 'it''s INTEGER' AS x");
  });

  it('widens SQLite types and keeps INTEGER PRIMARY KEY giving max + 1', () => {
    const sql = toPostgres(
      'CREATE TABLE o (seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER, r REAL, b BLOB)',
    );
    expect(sql).toMatch(/^CREATE TABLE o \(seq BIGINT PRIMARY KEY, at BIGINT, r DOUBLE PRECISION, b BYTEA\)/);
    expect(sql).toContain(
      "CREATE TRIGGER o_rowid BEFORE INSERT ON o FOR EACH ROW EXECUTE FUNCTION ottkit_rowid('seq')",
    );
  });

  it('turns SQLite triggers into PL/pgSQL ones', () => {
    const sql = toPostgres(
      "CREATE TRIGGER no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'append-only'); END;",
    );
    expect(sql).toContain("RAISE EXCEPTION 'append-only'");
    expect(sql).toContain(
      'CREATE TRIGGER no_update BEFORE UPDATE ON audit FOR EACH ROW EXECUTE FUNCTION no_update_fn()',
    );
  });

  it('rewrites the SQLite-only spellings of queries', () => {
    expect(toPostgres('INSERT OR IGNORE INTO t (a) VALUES (?)')).toBe(
      'INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING',
    );
    expect(toPostgres('UPDATE c SET u = MAX(u + 1, ?)')).toBe('UPDATE c SET u = GREATEST(u + 1, $1)');
    expect(toPostgres('SELECT MAX(u) FROM c')).toBe('SELECT MAX(u) FROM c');
    expect(toPostgres("SELECT GROUP_CONCAT(t.title, ' | ') FROM x")).toBe(
      "SELECT string_agg(CAST(t.title AS TEXT), ' | ') FROM x",
    );
    expect(toPostgres('SELECT a FROM t WHERE (? IS NULL OR a = ?) AND b LIKE ?')).toBe(
      'SELECT a FROM t WHERE (CAST($1 AS TEXT) IS NULL OR a = $2) AND b ILIKE $3',
    );
    expect(toPostgres('SELECT 1 WHERE lower(n) = lower(?)')).toBe(
      'SELECT 1 WHERE lower(n) = lower(CAST($1 AS TEXT))',
    );
    expect(toPostgres('SELECT v.season_no AS seasonNo FROM v')).toBe(
      'SELECT v.season_no AS "seasonNo" FROM v',
    );
    expect(toPostgres('SELECT n FROM (SELECT 1 AS n) WHERE n > 0')).toBe(
      'SELECT n FROM (SELECT 1 AS n) AS sub1 WHERE n > 0',
    );
    expect(toPostgres("SELECT json_extract(p, '$.a.b') FROM e")).toBe(
      "SELECT (CAST(p AS JSONB) #>> '{a,b}') FROM e",
    );
    expect(toPostgres('DELETE FROM main.t WHERE rowid IN (SELECT p.rowid FROM temp.x p)')).toBe(
      'DELETE FROM t WHERE ctid IN (SELECT p.ctid FROM pg_temp.x p)',
    );
    expect(toPostgres('PRAGMA foreign_keys = ON')).toBe('');
  });

  it('refuses INSERT OR REPLACE, which has no portable meaning', () => {
    expect(() => toPostgres('INSERT OR REPLACE INTO t (a) VALUES (?)')).toThrow(/ON CONFLICT/);
  });

  it('translates every migration', () => {
    for (const m of migrations) expect(() => toPostgres(m.sql), `${m.version} ${m.name}`).not.toThrow();
  });
});
