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
  FIRST_SCREEN_ROWS,
  lineupForPage,
  selectChannel,
  WHOLE_LINEUP_MAX,
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

describe("the page's props at 10,000 channels (decision 0297)", () => {
  const columns = [
    { columnId: 'news', columnName: 'News', columnSeq: 2 },
    { columnId: 'all', columnName: 'All', columnSeq: 1 },
  ] as never[];
  const big = Array.from({ length: 10_000 }, (_, i) =>
    ch(`c${i}`, 10_000 - i, i % 2 ? ['all', 'news'] : ['all']),
  );
  it('carries a small line-up whole', () => {
    const small = big.slice(0, WHOLE_LINEUP_MAX);
    expect(lineupForPage(small, columns, null)).toEqual({ channels: small, complete: true });
  });
  it("carries the first screenful of a large line-up's opening category, and the selected channel", () => {
    const page = lineupForPage(big, columns, null);
    expect(page.complete).toBe(false);
    // The first category by its order, in channel-number order.
    expect(page.channels.map((c) => c.channelSeq)).toEqual(
      Array.from({ length: FIRST_SCREEN_ROWS }, (_, i) => i + 1),
    );
    const far = lineupForPage(big, columns, 'c1');
    expect(far.channels).toHaveLength(FIRST_SCREEN_ROWS + 1);
    expect(far.channels.at(-1)?.logicalChannelId).toBe('c1');
    // The selected channel's own category opens: News, whose first channels are the odd ones.
    expect(far.channels[0]?.logicalChannelId).toBe('c9999');
  });
});
