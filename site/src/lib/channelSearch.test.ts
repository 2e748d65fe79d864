import { describe, expect, it } from 'vitest';
import { matchChannels } from './channelSearch.ts';

const lineup = [
  { logicalChannelName: 'Business Today', channelSeq: 1 },
  { logicalChannelName: 'Notícias 24', channelSeq: 2 },
  { logicalChannelName: 'Kids Fun', channelSeq: 12 },
  { logicalChannelName: 'Today Kids', channelSeq: 24 },
];

describe('matchChannels', () => {
  it('finds a channel by the starts of its words, in any case and without accents', () => {
    expect(matchChannels(lineup, 'bus tod').map((c) => c.channelSeq)).toEqual([1]);
    expect(matchChannels(lineup, 'NOTICIAS').map((c) => c.channelSeq)).toEqual([2]);
    expect(matchChannels(lineup, 'kids').map((c) => c.channelSeq)).toEqual([12, 24]);
    expect(matchChannels(lineup, 'usiness')).toEqual([]);
  });

  it('puts the channel with that number first, then names containing it', () => {
    expect(matchChannels(lineup, '24').map((c) => c.channelSeq)).toEqual([24, 2]);
  });

  it('finds nothing for punctuation alone and stops at the limit', () => {
    expect(matchChannels(lineup, '!!')).toEqual([]);
    expect(matchChannels(lineup, 'k', 1)).toHaveLength(1);
  });
});
