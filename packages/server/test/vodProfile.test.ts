import { contract, ErrCode } from '@ottkit/api-client';
import { VodErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { loginToken, progressReport, vodCall, vodData } from './vodHelpers.ts';

const v = contract.vod;
let t: TestServer;
let alice: string;
let bob: string;
let series: { id: string; e1: string; e2: string };
beforeAll(async () => {
  t = await startServer({ config: { visitorMode: true } });
  alice = await loginToken(t, 'demo@ottkit.test');
  bob = await loginToken(t, 'free@ottkit.test');
  const s = t.server.db.get<{ meta_id: string }>(
    "SELECT meta_id FROM vod_metas WHERE meta_type = 'SERIES' AND no_season = 0 AND product_id IS NULL ORDER BY meta_id LIMIT 1",
  )!.meta_id;
  const eps = t.server.db.all<{ meta_id: string }>(
    "SELECT meta_id FROM vod_metas WHERE series_id = ? AND meta_type = 'EPISODE' ORDER BY season_no, episode_no",
    s,
  );
  series = { id: s, e1: eps[0]!.meta_id, e2: eps[1]!.meta_id };
});
afterAll(() => t.close());

const report = progressReport;

describe('favourites', () => {
  it('adds, lists, checks and removes per user', async () => {
    await vodData(t, v.favorAdd, { metaId: 'm-001' }, alice);
    t.advance(1000);
    await vodData(t, v.favorAdd, { metaId: series.id }, alice);
    await vodData(t, v.favorAdd, { metaId: series.id }, alice);
    const list = await vodData(t, v.favorMetaList, {}, alice);
    expect(list.list.map((c) => c.metaId)).toEqual([series.id, 'm-001']);
    expect(list.total).toBe(2);
    const none = await vodData(t, v.favorMetaList, {}, bob);
    expect(none.total).toBe(0);
    const has = await vodData(t, v.favorBatchSearchHasFavored, { metaIds: ['m-001', 'm-002'] }, alice);
    expect(has.list).toEqual([
      { metaId: 'm-001', favored: true },
      { metaId: 'm-002', favored: false },
    ]);
    const del = await vodData(t, v.favorBatchDelete, { metaIds: ['m-001', series.id] }, alice);
    expect(del.deleted).toBe(2);
    expect((await vodData(t, v.favorMetaList, {}, alice)).total).toBe(0);
  });

  it('needs a logged-in user: no session is SESSION_INVALID, a guest gets LOGIN_REQUIRED', async () => {
    expect((await vodCall(t, v.favorAdd, { metaId: 'm-001' })).body.errCode).toBe(ErrCode.SESSION_INVALID);
    const guest = await t.post(contract.account.visitorLogin.path, { deviceId: 'device-vod-test-1' });
    expect(guest.body.errCode).toBe(0);
    const guestToken = (guest.body.data as { tokens: { token: string } }).tokens.token;
    expect((await vodCall(t, v.favorAdd, { metaId: 'm-001' }, guestToken)).body.errCode).toBe(
      ErrCode.LOGIN_REQUIRED,
    );
  });

  it('answers META_NOT_FOUND for an unknown title', async () => {
    expect((await vodCall(t, v.favorAdd, { metaId: 'zzz' }, alice)).body.errCode).toBe(
      VodErrCode.META_NOT_FOUND,
    );
  });
});

describe('play-progress report, resume and history', () => {
  it('stores where the user stopped, and detail and playSource carry it for resume', async () => {
    const pos = await vodData(t, v.playProgressReport, report('m-002', 120), alice);
    expect(pos).toMatchObject({ metaId: 'm-002', playedTime: 120, totalDuration: 600, played: false });
    t.advance(60_000);
    await vodData(t, v.playProgressReport, report('m-002', 180), alice);
    const d = await vodData(t, v.detail, { metaId: 'm-002' }, alice);
    expect(d.history?.playedTime).toBe(180);
    // Another user, and nobody, see no position.
    expect((await vodData(t, v.detail, { metaId: 'm-002' }, bob)).history).toBeNull();
    expect((await vodData(t, v.detail, { metaId: 'm-002' })).history).toBeNull();
  });

  it('keeps one history entry per series, pointing at the last episode played', async () => {
    await vodData(
      t,
      v.playProgressReport,
      report(series.e1, 500, { videoType: 'EPISODE', played: true }),
      alice,
    );
    t.advance(1000);
    await vodData(t, v.playProgressReport, report(series.e2, 30, { videoType: 'EPISODE' }), alice);
    t.advance(1000);
    const h = await vodData(t, v.historyMetaList, {}, alice);
    expect(h.pageSize).toBe(100);
    expect(h.list.map((x) => x.metaId)).toEqual([series.id, 'm-002']);
    expect(h.list[0]!.historyEpisode).toEqual({ metaId: series.e2, episode: 2 });
    expect(h.list[0]!.position.playedTime).toBe(30);
    const d = await vodData(t, v.detail, { metaId: series.id }, alice);
    expect(d.history?.metaId).toBe(series.e2);
    const rows = t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM vod_history')!.n;
    expect(rows).toBe(3);
  });

  it('history add records an opened title and keeps a stored position', async () => {
    t.advance(1000);
    const p = await vodData(t, v.historyAdd, { metaId: 'm-002' }, alice);
    expect(p.playedTime).toBe(180);
    expect((await vodData(t, v.historyMetaList, {}, alice)).list[0]!.metaId).toBe('m-002');
    const fresh = await vodData(
      t,
      v.historyAdd,
      { metaId: 'm-003', playedTime: 5, totalDuration: 50 },
      alice,
    );
    expect(fresh).toMatchObject({ playedTime: 5, totalDuration: 50, playProgress: 10 });
    const { body } = await vodCall(t, v.historyAdd, { metaId: series.id }, alice);
    expect(body.errCode).toBe(ErrCode.INVALID_REQUEST);
  });

  it('batchDelete removes entries; a series id removes all its episodes', async () => {
    const del = await vodData(t, v.historyBatchDelete, { metaIds: [series.id, 'm-003'] }, alice);
    expect(del.deleted).toBe(3);
    const h = await vodData(t, v.historyMetaList, {}, alice);
    expect(h.list.map((x) => x.metaId)).toEqual(['m-002']);
    expect((await vodData(t, v.historyMetaList, {}, bob)).total).toBe(0);
  });

  it('a guest session keeps its own history; no session is SESSION_INVALID', async () => {
    const guest = await t.post(contract.account.visitorLogin.path, { deviceId: 'device-vod-test-2' });
    const g = (guest.body.data as { tokens: { token: string } }).tokens.token;
    await vodData(t, v.playProgressReport, report('m-001', 10), g);
    expect((await vodData(t, v.historyMetaList, {}, g)).list.map((x) => x.metaId)).toEqual(['m-001']);
    expect((await vodCall(t, v.historyMetaList, {})).body.errCode).toBe(ErrCode.SESSION_INVALID);
  });

  it('rejects a report that breaks the shape', async () => {
    const { body } = await vodCall(
      t,
      v.playProgressReport,
      report('m-001', 10, { playProgress: 150 }),
      alice,
    );
    expect(body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(body.errMsg).toMatch(/playProgress/);
  });
});
