import { ErrCode } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { DEMO_EXPIRY } from '../src/seed/accounts.ts';
import { BROADCAST_CHANNEL_ID, BROADCAST_OPENS_AT } from '../src/seed/channels.ts';
import { putSubscription } from '../src/store/accounts.ts';
import { channelList, L, liveSuite } from './liveHelpers.ts';

const live = liveSuite();

async function authority(headers: Record<string, string> = {}, body: object = {}) {
  const res = await live.t.post(L.contentAuthority.path, body, headers);
  expect(res.body.errCode).toBe(0);
  const data = L.contentAuthority.response.parse(res.body.data);
  return { ...data, byLid: new Map(data.lcList.map((l) => [l.lid, l])) };
}

describe('content authority v1', () => {
  it('answers lcList → pcList → au (live, catchup) for every visible channel', async () => {
    const { lcList, serverTime } = await authority(live.v.subscriber, {
      originType: 'web',
      supportBroadCast: true,
    });
    expect(serverTime).toBe(live.t.clock.now);
    const list = await channelList(live.t, live.v.subscriber);
    expect(lcList.map((l) => l.lid)).toEqual(list.channelListInfo.map((c) => c.logicalChannelId));
    for (const lc of lcList) {
      const channel = list.channelListInfo.find((c) => c.logicalChannelId === lc.lid);
      expect(lc.pcList.map((p) => [p.cid, p.contentId])).toEqual(
        channel?.physicalChannelList.map((p) => [p.channelId, p.contentId]),
      );
      expect(lc.pcList[0]?.au.map((a) => a.k)).toEqual(['live', 'catchup']);
    }
  });

  it('gives the subscriber the subscription expiry, free channels -1, no catch-up where the channel keeps none', async () => {
    const { byLid } = await authority(live.v.subscriber);
    expect(byLid.get('lc-004')?.pcList[0]?.au).toEqual([
      { k: 'live', exp: DEMO_EXPIRY, sup: 1 },
      { k: 'catchup', exp: DEMO_EXPIRY, sup: 1 },
    ]);
    expect(byLid.get('lc-001')?.pcList[0]?.au[0]).toEqual({ k: 'live', exp: -1, sup: 1 });
    expect(byLid.get('lc-008')?.pcList[0]?.au[1]).toEqual({ k: 'catchup', exp: 0, sup: 0 });
  });

  it('gives guests and users without a plan nothing but free channels', async () => {
    for (const headers of [live.v.guest, live.v.free, {}]) {
      const { byLid } = await authority(headers);
      expect(byLid.get('lc-004')?.pcList[0]?.au[0]).toEqual({ k: 'live', exp: 0, sup: 0 });
      expect(byLid.get('lc-001')?.pcList[0]?.au[0]).toEqual({ k: 'live', exp: -1, sup: 1 });
    }
  });

  it('follows the subscription: an expired one shows its past exp and no longer allows', async () => {
    putSubscription(live.t.server.db, live.v.freeId, 'live-basic', live.t.clock.now + 60_000);
    let { byLid } = await authority(live.v.free);
    expect(byLid.get('lc-004')?.pcList[0]?.au[0]).toEqual({
      k: 'live',
      exp: live.t.clock.now + 60_000,
      sup: 1,
    });
    expect(
      (await channelList(live.t, live.v.free)).channelListInfo.find((c) => c.logicalChannelId === 'lc-004')
        ?.liveAuthority,
    ).toBe(true);
    live.t.advance(60_000);
    ({ byLid } = await authority(live.v.free));
    expect(byLid.get('lc-004')?.pcList[0]?.au[0]?.exp).toBe(live.t.clock.now);
    expect(
      (await channelList(live.t, live.v.free)).channelListInfo.find((c) => c.logicalChannelId === 'lc-004')
        ?.liveAuthority,
    ).toBe(false);
    expect(byLid.get('lc-002')?.pcList[0]?.au[0]).toEqual({ k: 'live', exp: 0, sup: 0 });
  });

  it('leaves the broadcast channel out when the client does not support broadcast', async () => {
    expect((await authority({}, { supportBroadCast: false })).byLid.has(BROADCAST_CHANNEL_ID)).toBe(false);
    expect((await authority({}, { supportBroadCast: 0 })).byLid.has(BROADCAST_CHANNEL_ID)).toBe(false);
    const { byLid } = await authority({});
    expect(byLid.get(BROADCAST_CHANNEL_ID)?.pcList[0]?.au[0]).toEqual({ k: 'live', exp: 0, sup: 0 });
    const saved = live.t.clock.now;
    live.t.clock.now = BROADCAST_OPENS_AT;
    try {
      const open = await authority({});
      expect(open.byLid.get(BROADCAST_CHANNEL_ID)?.pcList[0]?.au[0]).toEqual({ k: 'live', exp: -1, sup: 1 });
    } finally {
      live.t.clock.now = saved;
    }
  });

  it('rejects a malformed supportBroadCast naming it', async () => {
    const res = await live.t.post(L.contentAuthority.path, { supportBroadCast: 'yes' });
    expect(res.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(res.body.errMsg).toMatch(/supportBroadCast/);
  });
});
