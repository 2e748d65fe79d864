import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../db.ts';
import { migrate } from '../migrations.ts';
import { lockRows, query, transactionally } from './transactionally.ts';

// On the engine of the pass (SQLite, and PostgreSQL in the PostgreSQL pass): decision 0407.
describe('a read-then-write transaction written once for both engines', () => {
  let db: Db | undefined;
  afterEach(() => db?.close());

  const open = () => {
    const d = openDb(':memory:');
    migrate(d);
    d.run("INSERT INTO app_settings (key, value) VALUES ('counter', '0')");
    db = d;
    return d;
  };

  /** Reads the counter, then writes it plus one: a lost update shows as a count below the number of calls. */
  const increment = (d: Db) =>
    transactionally(d, function* () {
      const k = d.kysely;
      const read = yield* query(
        lockRows(d, k.selectFrom('app_settings').select('value').where('key', '=', 'counter')).compile(),
      );
      const next = Number(read.rows[0]?.value) + 1;
      yield* query(
        k
          .updateTable('app_settings')
          .set({ value: String(next) })
          .where('key', '=', 'counter')
          .compile(),
      );
      return next;
    });

  it('loses no update when many run at once, and answers what each wrote', async () => {
    const d = open();
    const answers = await Promise.all(Array.from({ length: 20 }, () => increment(d)));
    expect(answers.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(d.get("SELECT value FROM app_settings WHERE key = 'counter'")).toEqual({ value: '20' });
  });

  it('keeps nothing when its body refuses after a write', async () => {
    const d = open();
    await expect(
      transactionally(d, function* () {
        const k = d.kysely;
        const changed = yield* query(
          k.updateTable('app_settings').set({ value: '99' }).where('key', '=', 'counter').compile(),
        );
        expect(changed.numAffectedRows).toBe(1n);
        throw new Error('refused after the write');
      }),
    ).rejects.toThrow('refused after the write');
    expect(d.get("SELECT value FROM app_settings WHERE key = 'counter'")).toEqual({ value: '0' });
  });

  it('answers rows of a write that returns some', async () => {
    const d = open();
    const row = await transactionally(d, function* () {
      const k = d.kysely;
      return (yield* query(
        k
          .insertInto('app_settings')
          .values({ key: 'returned', value: 'yes' })
          .returning(['key', 'value'])
          .compile(),
      )).rows[0];
    });
    expect(row).toEqual({ key: 'returned', value: 'yes' });
  });
});
