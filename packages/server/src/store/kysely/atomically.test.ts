import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../db.ts';
import { migrate } from '../migrations.ts';
import { atomically } from './atomically.ts';

// On the engine of the pass (SQLite, and PostgreSQL in the PostgreSQL pass): decision 0407.
describe('statements compiled by Kysely, run as one transaction', () => {
  let db: Db | undefined;
  afterEach(() => db?.close());

  it('answers each statement’s changed rows', async () => {
    db = openDb(':memory:');
    migrate(db);
    const k = db.kysely;
    const changed = await atomically(db, [
      k.insertInto('app_settings').values({ key: 'atomic-a', value: '1' }).compile(),
      k.updateTable('app_settings').set({ value: '2' }).where('key', '=', 'atomic-a').compile(),
      k.deleteFrom('app_settings').where('key', '=', 'atomic-none').compile(),
    ]);
    expect(changed).toEqual([1, 1, 0]);
    expect(db.get("SELECT value FROM app_settings WHERE key = 'atomic-a'")).toEqual({ value: '2' });
  });

  it('keeps nothing of a batch whose last statement fails', async () => {
    db = openDb(':memory:');
    migrate(db);
    const k = db.kysely;
    const insert = (key: string) => k.insertInto('app_settings').values({ key, value: 'x' }).compile();
    await expect(
      atomically(db, [insert('atomic-b'), insert('atomic-c'), insert('atomic-b')]),
    ).rejects.toThrow();
    expect(db.all("SELECT key FROM app_settings WHERE key LIKE 'atomic-%'")).toEqual([]);
  });
});
