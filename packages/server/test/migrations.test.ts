import { describe, expect, it } from 'vitest';
import { openDb } from '../src/store/db.ts';
import { migrate, migrations } from '../src/store/migrations.ts';

describe('migrate', () => {
  it('applies every migration once, and a second run applies nothing', () => {
    const db = openDb(':memory:');
    // A copy of the list: a genuinely empty database on PostgreSQL too (the full list adopts the run's template).
    expect(migrate(db, [...migrations])).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('applies a lower-numbered migration added after higher ones ran (per-area version ranges)', () => {
    const db = openDb(':memory:');
    migrate(db, [{ version: 100, name: 'later-area', sql: 'CREATE TABLE b (x INTEGER)' }]);
    const applied = migrate(db, [
      { version: 3, name: 'new-in-first-area', sql: 'CREATE TABLE a (x INTEGER)' },
      { version: 100, name: 'later-area', sql: 'CREATE TABLE b (x INTEGER)' },
    ]);
    expect(applied).toEqual([3]);
    expect(db.all("SELECT name FROM sqlite_master WHERE name = 'a'")).toHaveLength(1);
    db.close();
  });

  it('rolls a failing migration back and refuses duplicate versions', () => {
    const db = openDb(':memory:');
    expect(() =>
      migrate(db, [{ version: 1, name: 'bad', sql: 'CREATE TABLE c (x INTEGER); NOT SQL' }]),
    ).toThrow();
    expect(db.all("SELECT name FROM sqlite_master WHERE name = 'c'")).toHaveLength(0);
    const dup = { version: 7, name: 'x', sql: 'SELECT 1' };
    expect(() => migrate(db, [dup, { ...dup }])).toThrow(/share version 7/);
    db.close();
  });
});
