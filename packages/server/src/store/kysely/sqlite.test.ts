import { describe, expect, it } from 'vitest';
import { openSqliteDb } from '../db.ts';
import { migrate } from '../migrations.ts';

describe('Kysely on the store’s SQLite connection (decision 0407)', () => {
  it('reads what the synchronous store wrote, and writes what it reads, on one connection', async () => {
    const db = openSqliteDb(':memory:');
    migrate(db);
    db.run("INSERT INTO app_settings (key, value) VALUES ('a', '1')");
    expect(
      await db.kysely.selectFrom('app_settings').select('value').where('key', '=', 'a').execute(),
    ).toEqual([{ value: '1' }]);
    const r = await db.kysely
      .insertInto('app_settings')
      .values({ key: 'b', value: '2' })
      .returning(['key', 'value'])
      .executeTakeFirst();
    expect(r).toEqual({ key: 'b', value: '2' });
    expect(db.get("SELECT value FROM app_settings WHERE key = 'b'")).toEqual({ value: '2' });
    db.close();
  });

  it('refuses a transaction while the synchronous store shares the connection', async () => {
    const db = openSqliteDb(':memory:');
    migrate(db);
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('app_settings').values({ key: 'c', value: '3' }).execute();
      }),
    ).rejects.toThrow(/Db\.transaction/);
    expect(db.get("SELECT value FROM app_settings WHERE key = 'c'")).toBeUndefined();
    db.close();
  });
});
