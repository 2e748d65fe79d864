import { contract, ErrCode } from '@ottkit/api-client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/domain/tokens.ts';
import type { Db } from '../src/store/db.ts';
import { type HistoryInsert, writeHistoryRow } from '../src/store/historyWrites.ts';
import type { Database } from '../src/store/kysely/schema.generated.ts';
import { bearer, startServer, type TestServer } from './helpers.ts';
import { loginToken, progressReport, vodCall, vodData } from './vodHelpers.ts';

// Issue 39, decision 0411: a process keeps whose session a token is, the session's profile and the titles
// progress is reported for, while the versions of migration 531 stay; and it writes the reports that arrive
// together as one statement. Both engines. A write made as another process or the operator's CLI makes it (the
// store's own connection, not this process's calls) is seen at the next call.
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const A = contract.account;
const V = contract.vod;

describe('what a process keeps follows every write', () => {
  it('a session revoked elsewhere is refused at the next call, a logout at once', async () => {
    const token = await loginToken(t);
    expect((await t.post(A.userInfo.path, {}, bearer(token))).body.errCode).toBe(0);
    // Revoked as the CLI or another process of the cluster revokes it: a row written, nothing said to this one.
    t.server.db.run(
      "UPDATE sessions SET revoked_at = ?, revoke_reason = 'test' WHERE revoked_at IS NULL",
      t.clock.now,
    );
    expect((await t.post(A.userInfo.path, {}, bearer(token))).body.errCode).toBe(ErrCode.SESSION_INVALID);

    const other = await loginToken(t);
    expect((await t.post(A.userInfo.path, {}, bearer(other))).body.errCode).toBe(0);
    expect((await t.post(A.logout.path, {}, bearer(other))).body.errCode).toBe(0);
    expect((await t.post(A.userInfo.path, {}, bearer(other))).body.errCode).toBe(ErrCode.SESSION_INVALID);
  });

  it('a kept token ends with its expiry', async () => {
    const token = await loginToken(t);
    expect((await t.post(A.userInfo.path, {}, bearer(token))).body.errCode).toBe(0);
    const { expires_at } = t.server.db.get<{ expires_at: number }>(
      'SELECT MAX(expires_at) AS expires_at FROM access_tokens',
    ) as { expires_at: number };
    const before = t.clock.now;
    t.clock.now = expires_at + 1;
    try {
      expect((await t.post(A.userInfo.path, {}, bearer(token))).body.errCode).toBe(ErrCode.SESSION_INVALID);
    } finally {
      t.clock.now = before;
    }
  });

  it("a profile's removal and a title's change are seen by the next progress report", async () => {
    const token = await loginToken(t);
    expect((await vodData(t, V.playProgressReport, progressReport('m-001', 30), token)).playedTime).toBe(30);
    // The title becomes a series, as an operator's edit would make it: progress is kept for films and episodes.
    t.server.db.run("UPDATE vod_metas SET meta_type = 'SERIES' WHERE meta_id = 'm-001'");
    const refused = await vodCall(t, V.playProgressReport, progressReport('m-001', 40), token);
    expect(refused.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    t.server.db.run("UPDATE vod_metas SET meta_type = 'MOVIE' WHERE meta_id = 'm-001'");
    expect((await vodData(t, V.playProgressReport, progressReport('m-001', 50), token)).playedTime).toBe(50);
    // The session's profile is removed (its account's first stays: the session falls back to it).
    const account = t.server.db.get<{ account_id: string }>(
      "SELECT account_id FROM accounts WHERE email = 'demo@ottkit.test'",
    )?.account_id as string;
    const sessionId = t.server.db.get<{ session_id: string }>(
      'SELECT session_id FROM access_tokens WHERE token_hash = ?',
      hashToken(token),
    )?.session_id as string;
    t.server.db.run(
      "INSERT INTO profiles (profile_id, account_id, name, avatar, lang, kids, max_rating, created_at) VALUES ('p-kept', ?, 'Kept', 'sun', 'en', 0, '18', 0)",
      account,
    );
    t.server.db.run(
      "INSERT INTO session_profiles (session_id, profile_id, chosen_at) VALUES (?, 'p-kept', 0)",
      sessionId,
    );
    await vodData(t, V.playProgressReport, progressReport('m-002', 10), token);
    expect(
      t.server.db.get("SELECT 1 AS x FROM vod_history WHERE profile_id = 'p-kept' AND meta_id = 'm-002'"),
    ).toBeTruthy();
    t.server.db.run("DELETE FROM profiles WHERE profile_id = 'p-kept'");
    await vodData(t, V.playProgressReport, progressReport('m-002', 20), token);
    const stored = t.server.db.get<{ played_time: number }>(
      "SELECT played_time FROM vod_history WHERE profile_id = ? AND meta_id = 'm-002'",
      account,
    );
    expect(stored?.played_time).toBe(20);
  });
});

describe('progress reports that arrive together', () => {
  /** The store as the batcher sees it, counting the statements it is sent. */
  function counted(): { db: Db; statements: () => number } {
    let n = 0;
    const kysely = (t.server.db.kysely as Kysely<Database>).withPlugin({
      transformQuery: (args) => {
        n++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db: { kysely } as unknown as Db, statements: () => n };
  }
  const account = () =>
    t.server.db.get<{ account_id: string }>(
      "SELECT account_id FROM accounts WHERE email = 'demo@ottkit.test'",
    )?.account_id as string;
  const row = (profileId: string, metaId: string, playedTime: number): HistoryInsert => ({
    profile_id: profileId,
    account_id: account(),
    meta_id: metaId,
    entry_id: metaId,
    video_type: 'MOVIE',
    season_no: null,
    episode_no: null,
    played: 0,
    played_time: playedTime,
    play_progress: 1,
    total_duration: 5400,
    updated_at: t.clock.now,
  });
  const profiles = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => {
      const id = `${prefix}-${i}`;
      t.server.db.run(
        "INSERT INTO profiles (profile_id, account_id, name, avatar, lang, kids, max_rating, created_at) VALUES (?, ?, ?, 'sun', 'en', 0, '18', 0)",
        id,
        account(),
        id,
      );
      return id;
    });

  it('twenty viewers’ reports of one moment are one statement, each answered with its own row', async () => {
    const ids = profiles(20, 'p-batch');
    const { db, statements } = counted();
    const answers = await Promise.all(ids.map((id, i) => writeHistoryRow(db, row(id, 'm-003', i))));
    expect(statements()).toBe(1);
    expect(answers.map((a) => [a?.profile_id, a?.played_time])).toEqual(ids.map((id, i) => [id, i]));
    const stored = t.server.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM vod_history WHERE profile_id LIKE 'p-batch-%' AND meta_id = 'm-003'",
    );
    expect(Number(stored?.n)).toBe(20);
  });

  it('one viewer’s two reports of one title together: the later is stored, and both are answered with it', async () => {
    const [id] = profiles(1, 'p-twice') as [string];
    const { db } = counted();
    const [a, b] = await Promise.all([
      writeHistoryRow(db, row(id, 'm-004', 100)),
      writeHistoryRow(db, row(id, 'm-004', 200)),
    ]);
    expect([a?.played_time, b?.played_time]).toEqual([200, 200]);
    expect(
      t.server.db.get<{ played_time: number }>(
        "SELECT played_time FROM vod_history WHERE profile_id = ? AND meta_id = 'm-004'",
        id,
      )?.played_time,
    ).toBe(200);
  });

  it('a report for a profile removed meanwhile is refused alone; the others beside it are stored', async () => {
    const ids = profiles(3, 'p-gone');
    const { db } = counted();
    const answers = await Promise.all([
      writeHistoryRow(db, row(ids[0] as string, 'm-005', 1)),
      writeHistoryRow(db, row('p-never-was', 'm-005', 2)),
      writeHistoryRow(db, row(ids[2] as string, 'm-005', 3)),
    ]);
    expect(answers.map((a) => a?.played_time)).toEqual([1, undefined, 3]);
  });
});
