import { describe, expect, it } from 'vitest';
import { warmChannelIds } from './warmChannels.ts';

const row = (id: string, liveAuthority = true) => ({ logicalChannelId: id, liveAuthority });
const list = [row('a'), row('b'), row('c', false), row('d'), row('e')];

describe('warmChannelIds', () => {
  it('takes the channels above and below the one watched, and the pointed one', () => {
    expect(warmChannelIds(list, 'b', 'e')).toEqual(['a', 'e']);
    expect(warmChannelIds(list, 'd', 'a')).toEqual(['e', 'a']);
  });
  it('leaves out locked channels (they play the fallback clip), the one watched and repeats', () => {
    expect(warmChannelIds(list, 'b', 'c')).toEqual(['a']);
    expect(warmChannelIds(list, 'a', 'a')).toEqual(['b']);
    expect(warmChannelIds(list, 'a', 'b')).toEqual(['b']);
  });
  it('warms only the pointed channel when the one watched is not in the list shown', () => {
    expect(warmChannelIds(list, 'zz', 'd')).toEqual(['d']);
    expect(warmChannelIds(list, null, null)).toEqual([]);
  });
});
