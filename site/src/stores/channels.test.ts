import type { Channel } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { $rights } from './authority.ts';
import {
  $channels,
  $lineup,
  $selectedChannelId,
  $zapStartedAt,
  channelsInColumn,
  epgRelations,
  FAVORITES_COLUMN,
  selectChannel,
} from './channels.ts';
import { setFavorites } from './favorites.ts';

const ch = (id: string, seq: number, columnIds: string[], extra: Partial<Channel> = {}) =>
  ({
    logicalChannelId: id,
    channelSeq: seq,
    columnIds,
    isFavorite: false,
    epgId: `e-${id}`,
    ...extra,
  }) as Channel;

describe('categories', () => {
  const lineup = [
    ch('b', 2, ['news']),
    ch('a', 1, ['news', 'kids']),
    ch('c', 3, ['kids'], { isFavorite: true }),
  ];
  it('lists a column in channel-number order', () => {
    expect(channelsInColumn(lineup, 'news').map((c) => c.logicalChannelId)).toEqual(['a', 'b']);
  });
  it('lists favourites as a category of their own', () => {
    expect(channelsInColumn(lineup, FAVORITES_COLUMN).map((c) => c.logicalChannelId)).toEqual(['c']);
  });
  it('keeps the channel-to-epg relations', () => {
    expect(epgRelations([ch('a', 1, [], { epgId: '' }), ch('b', 2, [])])).toEqual({ b: 'e-b' });
  });
});

describe('$lineup', () => {
  it('lays authority and favourites over the server flags', () => {
    $channels.set([ch('a', 1, [], { liveAuthority: true, playBackAuthority: true })]);
    setFavorites(['a']);
    $rights.set({ a: { live: false, catchup: true } });
    expect($lineup.get()[0]).toMatchObject({
      isFavorite: true,
      liveAuthority: false,
      playBackAuthority: true,
    });
  });
});

describe('channel change (issue 18 §1)', () => {
  it('marks when the viewer asked for another channel, not for the same one again', () => {
    $selectedChannelId.set('lc-001');
    $zapStartedAt.set(undefined);
    selectChannel('lc-001');
    expect($zapStartedAt.get()).toBeUndefined();
    const before = Date.now();
    selectChannel('lc-002');
    expect($zapStartedAt.get()).toBeGreaterThanOrEqual(before);
  });
});
