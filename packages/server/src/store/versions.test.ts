import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type Db, openDb, postgresUrl } from './db.ts';
import { query, transactionally } from './kysely/transactionally.ts';
import { migrate } from './migrations.ts';
import { REQUEST_VERSIONS_MS, versionsNow, withVersionsOfOneRequest } from './versions.ts';

let dir: string;
let db: Db;
let other: Db;
let n = 0;

beforeEach(() => {
  // The clock a request's answer is aged by stands still unless a test moves it: a busy machine cannot age it.
  vi.useFakeTimers({ toFake: ['performance'] });
  dir = mkdtempSync(join(tmpdir(), 'versions-'));
  db = openDb(join(dir, 'ottkit.db'));
  migrate(db);
  // Another process (or the operator's CLI): another connection to the same database.
  other = openDb(join(dir, 'ottkit.db'));
});

afterEach(() => {
  vi.useRealTimers();
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A write that moves the settings' version (a trigger on app_settings). */
const setting = (on: Db) => on.run('INSERT INTO app_settings (key, value) VALUES (?, ?)', `k${++n}`, 'v');

/**
 * Another process's write, once this one can know of it: at once on SQLite (asked at each call); on PostgreSQL once
 * told (decision 0448), which a real cluster's next request, having crossed the edge, finds done.
 */
async function elsewhereWrites(): Promise<void> {
  const told = db.versionsTold;
  const before = told?.moves();
  setting(other);
  if (told?.listening()) await until(() => told.moves() !== before);
}

/**
 * Waits for `done`, polling on the real timers: `vi.waitFor` would move the faked clock by which a request's
 * answer ages.
 */
async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The store's listening connection is up (PostgreSQL only). */
const listening = () => until(() => db.versionsTold?.listening() === true);

describe('one request asks the versions once (decision 0417)', () => {
  it("keeps its first answer through another process's write, and asks again after its own", async () => {
    const start = (await versionsNow(db)).settings;
    let elsewhere: () => void = () => {};
    const written = new Promise<void>((r) => {
      elsewhere = r;
    });
    const seen: number[] = [];
    let asked: () => void = () => {};
    const firstAsked = new Promise<void>((r) => {
      asked = r;
    });
    const request = withVersionsOfOneRequest(async () => {
      seen.push((await versionsNow(db)).settings);
      asked();
      await written;
      // Another process wrote meanwhile: this request goes on with the versions it began with.
      seen.push((await versionsNow(db)).settings);
      setting(db);
      // Its own write: asked again, both writes seen.
      seen.push((await versionsNow(db)).settings);
      await db.kysely
        .insertInto('app_settings')
        .values({ key: `k${++n}`, value: 'v' })
        .execute();
      seen.push((await versionsNow(db)).settings);
    });
    await firstAsked;
    await elsewhereWrites();
    elsewhere();
    await request;
    expect(seen).toEqual([start, start, start + 2, start + 3]);
    // Outside a request, another process's write is seen at the next call.
    await elsewhereWrites();
    expect((await versionsNow(db)).settings).toBe(start + 4);
  });

  it('asks again once its answer is older than a request lasts (work a request leaves running)', async () => {
    const start = (await versionsNow(db)).settings;
    let asked: () => void = () => {};
    const firstAsked = new Promise<void>((r) => {
      asked = r;
    });
    let elsewhere: () => void = () => {};
    const written = new Promise<void>((r) => {
      elsewhere = r;
    });
    const request = withVersionsOfOneRequest(async () => {
      const first = (await versionsNow(db)).settings;
      asked();
      await written;
      const young = (await versionsNow(db)).settings;
      vi.advanceTimersByTime(REQUEST_VERSIONS_MS + 1);
      return [first, young, (await versionsNow(db)).settings];
    });
    await firstAsked;
    // Another process's write, outside the request.
    await elsewhereWrites();
    elsewhere();
    expect(await request).toEqual([start, start, start + 1]);
  });

  it('keeps each request its own', async () => {
    const start = (await versionsNow(db)).settings;
    const first = await withVersionsOfOneRequest(async () => (await versionsNow(db)).settings);
    await elsewhereWrites();
    const second = await withVersionsOfOneRequest(async () => (await versionsNow(db)).settings);
    expect([first, second]).toEqual([start, start + 1]);
  });
});

describe.runIf(postgresUrl())(
  'on PostgreSQL a process is told when the versions move (decision 0448)',
  () => {
    it('asks nothing while nothing moves, and sees a move by another process once told', async () => {
      await versionsNow(db);
      await listening();
      const first = await versionsNow(db);
      // The same answer, not asked again: no statement.
      expect(await versionsNow(db)).toBe(first);
      expect(await withVersionsOfOneRequest(() => versionsNow(db))).toBe(first);
      await elsewhereWrites();
      const moved = await versionsNow(db);
      expect(moved.settings).toBe(first.settings + 1);
      expect(await versionsNow(db)).toBe(moved);
    });

    it('sees its own writes at once, before it is told of them', async () => {
      await versionsNow(db);
      await listening();
      // A listener whose notifications have not come yet (PostgreSQL tells at commit, but not before the commit's
      // answer): only the process's count of its own writes can make it ask again.
      const real = db.versionsTold;
      db.versionsTold = { listening: () => true, moves: () => 1, close: async () => {} };
      onTestFinished(() => {
        db.versionsTold = real;
      });
      const start = (await versionsNow(db)).settings;
      expect(await versionsNow(db)).toBe(await versionsNow(db));
      await db.kysely
        .insertInto('app_settings')
        .values({ key: `k${++n}`, value: 'v' })
        .execute();
      expect((await versionsNow(db)).settings).toBe(start + 1);
      await transactionally(db, function* () {
        yield* query(
          db.kysely
            .insertInto('app_settings')
            .values({ key: `k${++n}`, value: 'v' })
            .compile(),
        );
      });
      expect((await versionsNow(db)).settings).toBe(start + 2);
    });

    it('asks at every call while its listening connection is lost, and listens again', async () => {
      await versionsNow(db);
      await listening();
      const start = (await versionsNow(db)).settings;
      other.run(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ottkit-versions' AND datname = current_database()",
      );
      await until(() => db.versionsTold?.listening() === false);
      // Nobody would tell this process: it asks, and sees the write at once.
      setting(other);
      expect((await versionsNow(db)).settings).toBe(start + 1);
      await listening();
      const again = await versionsNow(db);
      expect(again.settings).toBe(start + 1);
      expect(await versionsNow(db)).toBe(again);
    });
  },
);
