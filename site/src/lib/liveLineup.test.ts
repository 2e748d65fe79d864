import type { Channel } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { LIVE_CHANNEL_FIELDS, packLineup, toLiveChannel, unpackLineup } from './liveLineup.ts';

const channel = (extra: Partial<Channel> = {}): Channel => ({
  logicalChannelId: 'lc-1',
  logicalChannelName: 'News 24',
  channelSeq: 1,
  channelId: 'pc-1',
  channelType: 1,
  sourceType: 1,
  iconUrl: '/media/logo/lc-1.svg',
  isFavorite: true,
  liveAuthority: true,
  playBackAuthority: false,
  canPlayBack: true,
  playbackDuration: 7,
  epgId: 'epg-1',
  liveStreamId: 'ch1',
  drmType: 'none',
  columnIds: ['news', 'kids'],
  audioPosterList: [{ url: '/poster.jpg' }],
  physicalChannelList: [
    { channelId: 'pc-1', liveStreamId: 'ch1', drmType: 'none' } as Channel['physicalChannelList'][number],
  ],
  contentRuleList: [
    { ruleCategory: 'basic', action: 'deny', ruleType: 'ip', ruleValue: '10.*' },
  ] as Channel['contentRuleList'],
  ...extra,
});

describe('the island line-up', () => {
  it('keeps only the fields the page uses', () => {
    const slim = toLiveChannel(channel());
    expect(Object.keys(slim).sort()).toEqual(
      LIVE_CHANNEL_FIELDS.filter((f) => f !== 'broadcastOpenTime').sort(),
    );
    expect(slim).not.toHaveProperty('physicalChannelList');
    expect(slim).not.toHaveProperty('contentRuleList');
  });

  it('packs channels as rows and unpacks them to the same fields', () => {
    const lineup = [channel(), channel({ logicalChannelId: 'lc-2', broadcastOpenTime: 1_700_000_000_000 })];
    const rows = packLineup(lineup);
    expect(rows[0]).toHaveLength(LIVE_CHANNEL_FIELDS.length);
    expect(unpackLineup(rows)).toEqual(lineup.map(toLiveChannel));
  });

  it('leaves an absent optional field absent (not null) after the round trip', () => {
    const [back] = unpackLineup(packLineup([channel()]));
    expect(back).not.toHaveProperty('broadcastOpenTime');
    expect(back?.epgId).toBe('epg-1');
  });

  it('serialises far smaller than the channel objects', () => {
    const lineup = Array.from({ length: 50 }, (_, i) => channel({ logicalChannelId: `lc-${i}` }));
    const packed = JSON.stringify(packLineup(lineup)).length;
    expect(packed).toBeLessThan(JSON.stringify(lineup.map(toLiveChannel)).length / 2);
  });
});
