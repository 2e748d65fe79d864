import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataStore } from '../src/dataStore.ts';
import { changeSetting } from '../src/domain/appConfig.ts';
import { endedSessionsList } from '../src/domain/mediaRevocation.ts';
import type { Db } from '../src/store/db.ts';
import { revokeSession } from '../src/store/sessions.ts';

// Decision 0306: the sessions the edge refuses are those that ended while a media URL handed to them may still be
// valid (the token life), not older ones, and not live ones.
let db: Db;
let dir: string;
const now = 1_900_000_000_000;
const MIN = 60_000;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ottkit-revoked-'));
  db = openDataStore(dir).db;
  const account = db.get<{ account_id: string }>('SELECT account_id FROM accounts LIMIT 1')?.account_id ?? '';
  const add = (id: string, expiresAt: number) =>
    db.kysely
      .insertInto('sessions')
      .values({
        session_id: id,
        account_id: account,
        login_method: 0,
        device_id: null,
        client_ip: '127.0.0.1',
        created_at: now - 60 * MIN,
        expires_at: expiresAt,
      })
      .execute();
  await add('live', now + 60 * MIN);
  await add('logged-out-now', now + 60 * MIN);
  await revokeSession(db, 'logged-out-now', 'logout', now - 1000);
  await add('logged-out-9-min-ago', now + 60 * MIN);
  await revokeSession(db, 'logged-out-9-min-ago', 'logout', now - 9 * MIN);
  await add('logged-out-an-hour-ago', now + 60 * MIN);
  await revokeSession(db, 'logged-out-an-hour-ago', 'logout', now - 60 * MIN);
  await add('expired-a-minute-ago', now - MIN);
  await add('expired-a-day-ago', now - 24 * 60 * MIN);
});
afterAll(async () => {
  db?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the ended sessions the edge refuses', () => {
  it('lists the sessions ended within the token life (10 minutes), newest first', async () => {
    expect(await endedSessionsList(db)(now)).toEqual([
      'logged-out-now',
      'expired-a-minute-ago',
      'logged-out-9-min-ago',
    ]);
  });

  it('follows the operator’s token life', async () => {
    changeSetting(db, 'media.liveTokenTtlSec', String(2 * 3600));
    expect(await endedSessionsList(db)(now)).toEqual([
      'logged-out-now',
      'expired-a-minute-ago',
      'logged-out-9-min-ago',
      'logged-out-an-hour-ago',
    ]);
    changeSetting(db, 'media.liveTokenTtlSec', '600');
  });
});
