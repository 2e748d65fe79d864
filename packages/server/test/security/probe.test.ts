import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrations.ts';
import { stateBesideCounters, totalChanges } from './probe.ts';

// The "a refused call writes nothing" checks of the security suites (decisions 0275, 0409): on PostgreSQL it is a
// fingerprint of every table (row count, newest row version), on SQLite total_changes(). It must see every kind
// of write, and see nothing when nothing was written, on whichever engine this run uses.
let db: Db;
beforeEach(() => {
  db = openDb(':memory:');
  migrate(db);
  db.run("INSERT INTO app_settings (key, value) VALUES ('probe.a', '1'), ('probe.b', '2')");
});
afterEach(() => db.close());

describe('totalChanges', () => {
  it('is the same after reads only', () => {
    const before = totalChanges(db);
    db.all('SELECT * FROM app_settings');
    db.get("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'user'");
    expect(totalChanges(db)).toEqual(before);
  });

  it('changes on a write inside a transaction that commits, not on one rolled back', () => {
    const before = totalChanges(db);
    expect(() =>
      db.transaction(() => {
        db.run("UPDATE app_settings SET value = '7' WHERE key = 'probe.a'");
        throw new Error('refused');
      }),
    ).toThrow('refused');
    // SQLite counts a statement that ran even when its transaction rolled back; PostgreSQL sees no new version.
    if (db.engine === 'postgres') expect(totalChanges(db)).toEqual(before);
    db.transaction(() => db.run("UPDATE app_settings SET value = '8' WHERE key = 'probe.a'"));
    expect(totalChanges(db)).not.toEqual(before);
  });
});

describe('stateBesideCounters', () => {
  it('is the same after a write to the attempt counters only', () => {
    const before = stateBesideCounters(db);
    db.run(
      "INSERT INTO attempt_limits (limit_key, failures, last_failure_at, locked_until) VALUES ('probe', 1, 0, 0)",
    );
    db.run("UPDATE attempt_limits SET failures = 2 WHERE limit_key = 'probe'");
    expect(stateBesideCounters(db)).toEqual(before);
  });
});

describe.each([
  ['totalChanges', totalChanges],
  ['stateBesideCounters', stateBesideCounters],
] as const)('%s', (_name, measure) => {
  it('changes on an insert, an update that keeps the row count, and a delete', () => {
    for (const write of [
      "INSERT INTO app_settings (key, value) VALUES ('probe.c', '3')",
      "UPDATE app_settings SET value = '9' WHERE key = 'probe.a'",
      "DELETE FROM app_settings WHERE key = 'probe.b'",
    ]) {
      const before = measure(db);
      db.run(write);
      expect(measure(db), write).not.toEqual(before);
    }
  });
});
