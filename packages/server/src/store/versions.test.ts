import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, openDb } from './db.ts';
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
    setting(other);
    elsewhere();
    await request;
    expect(seen).toEqual([start, start, start + 2, start + 3]);
    // Outside a request, every call asks.
    setting(other);
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
    setting(other);
    elsewhere();
    expect(await request).toEqual([start, start, start + 1]);
  });

  it('keeps each request its own', async () => {
    const start = (await versionsNow(db)).settings;
    const first = await withVersionsOfOneRequest(async () => (await versionsNow(db)).settings);
    setting(other);
    const second = await withVersionsOfOneRequest(async () => (await versionsNow(db)).settings);
    expect([first, second]).toEqual([start, start + 1]);
  });
});
