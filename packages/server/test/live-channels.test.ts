import { writeFileSync } from 'node:fs';
import { contract } from '@ottkit/api-client';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROADCAST_CHANNEL_ID, BROADCAST_OPENS_AT } from '../src/seed/channels.ts';
import { setSetting } from '../src/store/settings.ts';
import { channelList, liveSuite } from './liveHelpers.ts';

const live = liveSuite();

const byId = (list: Awaited<ReturnType<typeof channelList>>) =>
  new Map(list.channelListInfo.map((c) => [c.logicalChannelId, c]));

describe('channel list v5: the seed', () => {
  it('has at least 40 channels in at least 5 columns, audio, kids, rights and catch-up windows', async () => {
    const list = await channelList(live.t);
    const channels = list.channelListInfo;
    expect(channels.length).toBeGreaterThanOrEqual(40);
    expect(list.channelColumnInfo.length).toBeGreaterThanOrEqual(5);
    const audio = channels.filter((c) => c.channelType === 5);
    expect(audio.length).toBeGreaterThanOrEqual(3);
    for (const c of audio)
      expect([c.sourceType, c.liveStreamId, c.canPlayBack]).toEqual([5, 'audio1', false]);
    const video = channels.filter((c) => c.channelType !== 5);
    // Plain sources, plus one AES-128 and one ClearKey channel (the origin's own protection, issue 4).
    expect(new Set(video.map((c) => c.liveStreamId))).toEqual(
      new Set(['ch1', 'ch2', 'ch3', 'ch3-aes', 'ch2-cenc']),
    );
    const protectedOnes = video.filter((c) => c.drmType !== 'none');
    expect(
      protectedOnes.map((c) => [c.logicalChannelId, c.drmType, c.physicalChannelList[0]?.drmType]),
    ).toEqual([
      ['lc-020', 'aes-128', 'aes-128'],
      ['lc-037', 'clearkey', 'clearkey'],
    ]);
    expect(channels.filter((c) => c.columnIds.includes('col-kids')).length).toBeGreaterThanOrEqual(4);
    expect(new Set(channels.map((c) => c.productId))).toEqual(new Set(['free', 'live-basic', 'live-sports']));
    expect(new Set(channels.map((c) => c.playbackDuration))).toEqual(new Set([0, 1, 3, 7]));
    for (const c of channels) {
      expect(c.iconUrl).toBe(`/media/logo/${c.logicalChannelId}.png`);
      expect(c.canPlayBack).toBe(c.playbackDuration > 0);
      expect(c.physicalChannelList.length).toBe(1);
      const [pc] = c.physicalChannelList;
      expect([pc?.liveStreamId, pc?.dvrStreamId]).toEqual([c.liveStreamId, c.liveStreamId]);
      // Safari's native HLS has no ClearKey: a ClearKey channel's Safari entry is the AES-128 stream.
      const safari = c.drmType === 'clearkey' ? c.liveStreamId.replace(/-cenc$/, '-aes') : c.liveStreamId;
      expect(pc?.multiDrmLiveStreamIdMap.safari).toBe(safari);
      expect(pc?.multiDrmDvrStreamIdMap.safari).toBe(safari);
    }
    expect(list.kidsModeSwitch).toBe(false);
  });
});

describe('channel list v5: rights per viewer', () => {
  it('gives a guest only the free channels, a subscriber everything, a user without plan only free', async () => {
    const guest = byId(await channelList(live.t, live.v.guest));
    const sub = byId(await channelList(live.t, live.v.subscriber));
    const free = byId(await channelList(live.t, live.v.free));
    const anonymous = byId(await channelList(live.t));
    for (const [id, c] of sub) {
      const isFree = c.productId === 'free';
      const broadcast = id === BROADCAST_CHANNEL_ID; // closed for everybody until it opens
      expect(c.liveAuthority).toBe(!broadcast);
      expect(guest.get(id)?.liveAuthority).toBe(isFree && !broadcast);
      expect(free.get(id)?.liveAuthority).toBe(isFree && !broadcast);
      expect(anonymous.get(id)?.liveAuthority).toBe(isFree && !broadcast);
      expect(c.playBackAuthority).toBe(c.canPlayBack && !broadcast);
      expect(c.physicalChannelList[0]?.liveAuthority).toBe(c.liveAuthority);
    }
  });

  it('marks the user’s favourites', async () => {
    await live.t.post(
      '/liveapi/api/channel/favorite/create',
      { favoriteChannelList: [{ logicalChannelId: 'lc-004', updateTime: 1 }] },
      live.v.subscriber,
    );
    const sub = byId(await channelList(live.t, live.v.subscriber));
    expect(sub.get('lc-004')?.isFavorite).toBe(true);
    expect(sub.get('lc-001')?.isFavorite).toBe(false);
    expect(byId(await channelList(live.t, live.v.free)).get('lc-004')?.isFavorite).toBe(false);
  });

  it('hides channels without live authority when hide_unsubscribe_channel is on', async () => {
    setSetting(live.t.server.db, 'layout.hide_unsubscribe_channel', 'true');
    try {
      const guest = await channelList(live.t, live.v.guest);
      expect(
        guest.channelListInfo.every((c) => c.liveAuthority || c.logicalChannelId === BROADCAST_CHANNEL_ID),
      ).toBe(true);
      // The broadcast channel that has not opened is not "unsubscribed": it stays (decision 0050).
      expect(guest.channelListInfo.map((c) => c.logicalChannelId)).toContain(BROADCAST_CHANNEL_ID);
      expect(guest.channelListInfo.length).toBeLessThan(
        (await channelList(live.t, live.v.subscriber)).channelListInfo.length,
      );
      const columns = new Set(guest.channelListInfo.flatMap((c) => c.columnIds));
      expect(guest.channelColumnInfo.every((c) => columns.has(c.columnId))).toBe(true);
    } finally {
      setSetting(live.t.server.db, 'layout.hide_unsubscribe_channel', 'false');
    }
  });
});

describe('channel list v5: the broadcast channel', () => {
  it('is closed with status 0 before its time, then open to everybody with status 1', async () => {
    const before = byId(await channelList(live.t, live.v.guest)).get(BROADCAST_CHANNEL_ID);
    expect(before).toMatchObject({
      broadcastStatus: 0,
      broadcastOpenTime: BROADCAST_OPENS_AT,
      liveAuthority: false,
    });
    const stampBefore = (await channelList(live.t)).channelListLatestUpdateTimeTs;
    const saved = live.t.clock.now;
    live.t.clock.now = BROADCAST_OPENS_AT;
    try {
      const list = await channelList(live.t);
      const after = byId(list).get(BROADCAST_CHANNEL_ID);
      expect(after).toMatchObject({ broadcastStatus: 1, liveAuthority: true, playBackAuthority: true });
      expect(list.channelListLatestUpdateTimeTs).toBe(BROADCAST_OPENS_AT);
      expect(list.channelListLatestUpdateTimeTs).toBeGreaterThan(stampBefore);
    } finally {
      live.t.clock.now = saved;
    }
  });
});

describe('channel list v5: access rules', () => {
  const db = () => live.t.server.db;
  const addRule = (id: string, category: string, action: string, type: string, value: string) => {
    const seq = db().get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM channel_content_rules WHERE logical_channel_id = ?',
      id,
    )?.n;
    db().run(
      `INSERT INTO channel_content_rules (logical_channel_id, seq, rule_category, action, rule_type, rule_value)
       VALUES (?, ?, ?, ?, ?, ?)`,
      id,
      seq ?? 0,
      category,
      action,
      type,
      value,
    );
  };
  const clear = (id: string) =>
    db().run('DELETE FROM channel_content_rules WHERE logical_channel_id = ?', id);
  const ids = async (headers: Record<string, string> = {}) =>
    new Set((await channelList(live.t, headers)).channelListInfo.map((c) => c.logicalChannelId));

  it('shows the seeded regional channel here through its except rule on local addresses', async () => {
    const latin = (await channelList(live.t)).channelListInfo.find(
      (c) => c.logicalChannelName === 'Latin Sports',
    );
    expect(latin?.contentRuleList.map((r) => r.ruleCategory)).toEqual(['basic', 'except']);
  });

  it('hides by ip wildcard, and an except allow for the account brings it back', async () => {
    addRule('lc-010', 'basic', 'deny', 'ip', '127.0.*.*');
    try {
      expect((await ids()).has('lc-010')).toBe(false);
      addRule('lc-010', 'except', 'allow', 'account', live.v.subscriberId);
      expect((await ids(live.v.subscriber)).has('lc-010')).toBe(true);
      expect((await ids(live.v.free)).has('lc-010')).toBe(false);
    } finally {
      clear('lc-010');
    }
    expect((await ids()).has('lc-010')).toBe(true);
  });

  it('hides by mac (the mac header of TV boxes)', async () => {
    addRule('lc-011', 'basic', 'deny', 'mac', 'AA:BB:CC:00:11:22');
    try {
      expect((await ids({ mac: 'aa-bb-cc-00-11-22' })).has('lc-011')).toBe(false);
      expect((await ids({ mac: 'aa-bb-cc-00-11-23' })).has('lc-011')).toBe(true);
    } finally {
      clear('lc-011');
    }
  });

  it('allows by region from the operator’s IP-to-country file in the data folder', async () => {
    addRule('lc-012', 'basic', 'allow', 'region', 'PT');
    try {
      expect((await ids()).has('lc-012')).toBe(false);
      writeFileSync(
        join(live.t.dataDir, 'ip-country.csv'),
        'first,last,country\n127.0.0.0,127.255.255.255,PT\n',
      );
      live.t.advance(11_000); // the file is looked at again after 10 s
      expect((await ids()).has('lc-012')).toBe(true);
      const authority = await live.t.post(contract.live.contentAuthority.path, {});
      const lids = (authority.body.data as { lcList: Array<{ lid: string }> }).lcList.map((l) => l.lid);
      expect(lids).toContain('lc-012');
    } finally {
      clear('lc-012');
    }
  });
});
