import { contract } from '@ottkit/api-client';
import { VodErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../src/store/db.ts';
import { startServer, type TestServer } from './helpers.ts';
import { loginToken, progressReport, vodCall, vodData } from './vodHelpers.ts';

// Issue 39, decision 0407: the play-progress report on the asynchronous store (Kysely), on both engines.
describe('a progress report on the asynchronous store', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startServer({ config: { visitorMode: true } });
    token = await loginToken(t, 'demo@ottkit.test');
  });
  afterAll(() => t.close());

  const report = (playedTime: number) => progressReport('m-001', playedTime);

  it('answers the row it left, as stored', async () => {
    const first = await vodData(t, contract.vod.playProgressReport, report(30), token);
    const stored = t.server.db.get<{ played_time: number; updated_at: number }>(
      "SELECT played_time, updated_at FROM vod_history WHERE meta_id = 'm-001'",
    );
    expect(first.playedTime).toBe(30);
    expect(stored?.played_time).toBe(30);
    expect(first.updatedAt).toBe(stored?.updated_at);
    // A title that is not playable is refused, and nothing is stored.
    const refused = await vodCall(
      t,
      contract.vod.playProgressReport,
      { ...report(40), metaId: 'no-such' },
      token,
    );
    expect(refused.body.errCode).toBe(VodErrCode.META_NOT_FOUND);
  });

  // The synchronous store blocked the whole process on every PostgreSQL query (Atomics.wait), so one query waiting
  // on a lock stopped every other request, media included. SQLite answers each query at once, in the process:
  // there is nothing to wait for there, so this one is PostgreSQL's.
  it.runIf(postgresUrl())(
    'on PostgreSQL, holds up no other request of the process while it waits',
    async () => {
      const v = contract.vod;
      await vodData(t, v.playProgressReport, report(60), token);
      let release = () => {};
      const released = new Promise<void>((done) => {
        release = done;
      });
      let settled = false;
      let pending: Promise<unknown> | undefined;
      // Another connection holds the viewer's history row, as a slow writer would: the next report must wait for it.
      const holder = t.server.db.kysely.transaction().execute(async (trx) => {
        await trx
          .selectFrom('vod_history')
          .select('meta_id')
          .where('meta_id', '=', 'm-001')
          .forUpdate()
          .execute();
        pending = vodData(t, v.playProgressReport, report(120), token).finally(() => {
          settled = true;
        });
        await released;
      });
      try {
        // While the report waits, the same process answers the line-up and a title's detail.
        await new Promise((r) => setTimeout(r, 100));
        const list = await vodData(t, contract.live.channelList, {}, token);
        expect(list.channelListInfo.length).toBeGreaterThan(0);
        const detail = await vodData(t, v.detail, { metaId: 'm-002' }, token);
        expect(detail.metaId).toBe('m-002');
        expect(settled).toBe(false);
      } finally {
        release();
        await holder;
      }
      const position = (await pending) as { playedTime: number };
      expect(position.playedTime).toBe(120);
    },
  );
});
