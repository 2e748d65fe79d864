import { PREFETCH_QUERY_PARAM } from '@ottkit/api-client/contract';
import { describe, expect, it } from 'vitest';
// The player imports nothing of ours (DESIGN §2), so it writes the query name itself; this test, not the
// player, reads both sides. Its marking is a pure URL function with no browser in it.
import { markPrefetch } from '../../player/src/prefetch/warm.ts';
import { isPrefetchRequest } from '../src/live/originStreams.ts';

// Decision 0258: the origin knows a neighbour's prefetch by PREFETCH_QUERY_PARAM and then neither opens an idle
// relay's upstream nor counts a viewer. If the player marked its requests under another name, every prefetch
// would open channels and count as a viewer, and nothing else would notice.
describe('the player’s prefetch mark is the contract’s PREFETCH_QUERY_PARAM', () => {
  const master = 'https://origin.test/media/live/s-1/master.m3u8?token=t';

  it('the origin takes what the player marks as a prefetch', () => {
    const marked = new URL(markPrefetch(master));
    expect(marked.searchParams.get(PREFETCH_QUERY_PARAM)).toBe('1');
    expect(isPrefetchRequest(marked)).toBe(true);
    // The rest of the address is left as the engine asks for it.
    expect(marked.searchParams.get('token')).toBe('t');
    expect(marked.pathname).toBe('/media/live/s-1/master.m3u8');
  });

  it('and a viewer’s own request, unmarked, is not one', () => {
    expect(isPrefetchRequest(new URL(master))).toBe(false);
  });
});
