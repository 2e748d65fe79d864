import { ErrCode } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { MAX_UPDATE_DELAY_MS } from '../src/domain/updates.ts';
import { BROADCAST_OPENS_AT } from '../src/seed/channels.ts';
import { putSubscription } from '../src/store/accounts.ts';
import { setSetting } from '../src/store/settings.ts';
import { L, liveSuite } from './liveHelpers.ts';

const live = liveSuite();

describe('top channels v3 and top searches', () => {
  it('ranks by plays of the last 7 days over every user, then by channel number', async () => {
    const now = live.t.clock.now;
    const plays = (ids: string[]) => ({
      playHistoryList: ids.map((id) => ({ logicalChannelId: id, playTime: now - 1000 })),
    });
    await live.t.post(L.playHistoryCreate.path, plays(['lc-005', 'lc-003']), live.v.subscriber);
    await live.t.post(L.playHistoryCreate.path, plays(['lc-005']), live.v.free);
    const res = await live.t.post(L.topChannels.path, { size: 4 });
    const top = L.topChannels.response.parse(res.body.data).topChannelList;
    expect(top.map((c) => [c.rank, c.logicalChannelId, c.playCount])).toEqual([
      [1, 'lc-005', 2],
      [2, 'lc-003', 1],
      [3, 'lc-001', 0],
      [4, 'lc-002', 0],
    ]);
    expect(top[0]).toMatchObject({
      logicalChannelName: 'Nature & Science',
      iconUrl: '/media/logo/lc-005.png',
    });
    const searches = await live.t.post(L.topSearches.path, {});
    const list = L.topSearches.response.parse(searches.body.data).topSearchList;
    expect(list).toHaveLength(10);
    expect(list[0]).toEqual({ rank: 1, keyword: 'Nature & Science', logicalChannelId: 'lc-005' });
    expect((await live.t.post(L.topChannels.path, { size: 0 })).body.errCode).toBe(ErrCode.INVALID_REQUEST);
  });
});

describe('home manual recommend v2', () => {
  it('answers the operator’s channels in order, with the programme on air and the caller’s authority', async () => {
    const res = await live.t.post(L.homeRecommend.path, {}, live.v.guest);
    const list = L.homeRecommend.response.parse(res.body.data).recommendList;
    expect(list.map((r) => r.logicalChannelId)).toEqual([
      'lc-001',
      'lc-009',
      'lc-002',
      'lc-004',
      'lc-012',
      'lc-020',
      'lc-008',
    ]);
    expect(list.map((r) => r.liveAuthority)).toEqual([true, false, false, false, true, true, true]);
    for (const r of list) {
      expect(r.currentProgram?.start).toBeLessThanOrEqual(live.t.clock.now);
      expect(r.currentProgram?.stop).toBeGreaterThan(live.t.clock.now);
      expect(r.currentProgram?.title).not.toBe('');
    }
  });
});

describe('tracker list v5', () => {
  it('answers the configured addresses of the type, none when unconfigured', async () => {
    const empty = await live.t.post(L.trackerList.path, { trackerType: 'p2p', accountName: 'demo' });
    expect(empty.body.data).toEqual({ trackerList: [] });
    setSetting(
      live.t.server.db,
      'live.tracker.p2p',
      'wss://tracker1.example/announce, wss://tracker2.example/announce',
    );
    const res = await live.t.post(L.trackerList.path, { trackerType: 'p2p' });
    expect(res.body.data).toEqual({
      trackerList: [
        { trackerType: 'p2p', address: 'wss://tracker1.example/announce' },
        { trackerType: 'p2p', address: 'wss://tracker2.example/announce' },
      ],
    });
    expect((await live.t.post(L.trackerList.path, {})).body.errMsg).toMatch(/trackerType/);
  });
});

describe('update check v4', () => {
  const check = async (
    headers: Record<string, string>,
    dataChecks: Array<{ dataType: string; timestamp: number }>,
  ) => {
    const res = await live.t.post(L.updateCheck.path, { dataChecks }, headers);
    expect(res.body.errMsg).toBe('success');
    return new Map(
      L.updateCheck.response.parse(res.body.data).dataStates.map((s) => [s.dataType as string, s]),
    );
  };
  const types = ['channel', 'authority', 'epg', 'favorite', 'playHistory', 'subscribe'];

  it('reports everything modified to a client that has nothing, with a delay under 30 s', async () => {
    const states = await check(
      live.v.free,
      types.map((dataType) => ({ dataType, timestamp: 0 })),
    );
    expect([...states.keys()]).toEqual(types);
    for (const s of states.values()) {
      expect(s.updateStatus).toBe(1);
      expect(s.updateDelay).toBeGreaterThanOrEqual(0);
      expect(s.updateDelay).toBeLessThan(MAX_UPDATE_DELAY_MS);
      expect(s.timestamp).toBeGreaterThan(0);
    }
  });

  it('reports unchanged with the timestamp it gave, then modified authority when a plan is bought', async () => {
    const first = await check(
      live.v.free,
      types.map((dataType) => ({ dataType, timestamp: 0 })),
    );
    const echo = types.map((dataType) => ({ dataType, timestamp: first.get(dataType)?.timestamp ?? 0 }));
    live.t.advance(1000);
    const same = await check(live.v.free, echo);
    for (const s of same.values())
      expect([s.dataType, s.updateStatus, s.updateDelay]).toEqual([s.dataType, 0, 0]);
    putSubscription(live.t.server.db, live.v.freeId, 'live-sports', live.t.clock.now + 86_400_000);
    live.t.advance(1000);
    const after = await check(live.v.free, echo);
    expect(after.get('authority')).toMatchObject({ updateStatus: 1, timestamp: live.t.clock.now });
    expect(after.get('channel')?.updateStatus).toBe(0);
    expect(after.get('favorite')?.updateStatus).toBe(0);
  });

  it('reports the user’s own lists modified after a change', async () => {
    const first = await check(live.v.subscriber, [{ dataType: 'favorite', timestamp: 0 }]);
    const ts = first.get('favorite')?.timestamp ?? 0;
    live.t.advance(1000);
    await live.t.post(
      L.favoriteCreate.path,
      { favoriteChannelList: [{ logicalChannelId: 'lc-020', updateTime: 5 }] },
      live.v.subscriber,
    );
    const after = await check(live.v.subscriber, [{ dataType: 'favorite', timestamp: ts }]);
    expect(after.get('favorite')?.updateStatus).toBe(1);
  });

  it('reports the line-up and authority modified when the broadcast channel opens', async () => {
    const first = await check({}, [
      { dataType: 'channel', timestamp: 0 },
      { dataType: 'authority', timestamp: 0 },
    ]);
    const echo = ['channel', 'authority'].map((dataType) => ({
      dataType,
      timestamp: first.get(dataType)?.timestamp ?? 0,
    }));
    const saved = live.t.clock.now;
    live.t.clock.now = BROADCAST_OPENS_AT + 5;
    try {
      const after = await check({}, echo);
      expect(after.get('channel')?.updateStatus).toBe(1);
      expect(after.get('authority')?.updateStatus).toBe(1);
    } finally {
      live.t.clock.now = saved;
    }
  });

  it('rejects an unknown data type naming it', async () => {
    const res = await live.t.post(L.updateCheck.path, {
      dataChecks: [{ dataType: 'weather', timestamp: 0 }],
    });
    expect(res.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(res.body.errMsg).toMatch(/dataType/);
  });
});
