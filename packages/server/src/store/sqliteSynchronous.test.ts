// Store engine: SQLite only — what it proves is SQLite's own sync setting (decision 0424).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDb, sqliteSynchronous } from './db.ts';

const dirs: string[] = [];
const saved = process.env.OTTKIT_SQLITE_SYNCHRONOUS;
afterEach(() => {
  if (saved === undefined) delete process.env.OTTKIT_SQLITE_SYNCHRONOUS;
  else process.env.OTTKIT_SQLITE_SYNCHRONOUS = saved;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The `synchronous` an SQLite store opened now runs with: 2 is FULL, 1 NORMAL. */
function opened(setting: string | undefined): number {
  if (setting === undefined) delete process.env.OTTKIT_SQLITE_SYNCHRONOUS;
  else process.env.OTTKIT_SQLITE_SYNCHRONOUS = setting;
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-sync-'));
  dirs.push(dir);
  const db = openSqliteDb(join(dir, 'ottkit.db'));
  try {
    return Number(db.get<{ synchronous: number }>('PRAGMA synchronous')?.synchronous);
  } finally {
    db.close();
  }
}

describe("SQLite's sync setting", () => {
  it('syncs at every commit unless told otherwise, and at checkpoints when told normal', () => {
    expect(opened(undefined)).toBe(2);
    expect(opened('full')).toBe(2);
    expect(opened('NORMAL')).toBe(1);
  });

  it('refuses any other value in words', () => {
    expect(() => sqliteSynchronous({ OTTKIT_SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      /OTTKIT_SQLITE_SYNCHRONOUS must be full or normal, got 'off'/,
    );
  });
});
