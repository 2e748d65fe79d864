import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserApi } from '../lib/api.ts';
import { $session, seedViewer } from './viewer.ts';
import { $watching, currentUsage, startWatching, stopWatching } from './liveHistory.ts';

describe('play history', () => {
  // The viewer is the session's once one is loaded: test files sharing this worker may have loaded one, so each
  // test starts from none, as the page does before it asks.
  beforeEach(() => $session.set({ loaded: false, user: null }));
  afterEach(() => {
    vi.restoreAllMocks();
    seedViewer('guest');
    $watching.set(null);
  });

  it('records a user zapping: the new channel at once, the old one with its watched time', () => {
    seedViewer('user');
    const create = vi.spyOn(browserApi.live, 'playHistoryCreate').mockResolvedValue({ playHistoryList: [] });
    startWatching({ logicalChannelId: 'lc-1', programId: 'p1', playType: 'live' }, 1_000);
    expect(currentUsage(4_000)).toEqual({
      logicalChannelId: 'lc-1',
      programId: 'p1',
      since: 1_000,
      duration: 3_000,
    });
    startWatching({ logicalChannelId: 'lc-2', programId: '', playType: 'live' }, 61_000);
    expect(create.mock.calls.map(([r]) => r.playHistoryList[0])).toEqual([
      { logicalChannelId: 'lc-1', programId: 'p1', playType: 'live', playTime: 1_000, duration: 0 },
      { logicalChannelId: 'lc-1', programId: 'p1', playType: 'live', playTime: 1_000, duration: 60_000 },
      { logicalChannelId: 'lc-2', programId: '', playType: 'live', playTime: 61_000, duration: 0 },
    ]);
    stopWatching(62_000);
    expect(currentUsage()).toBeNull();
  });

  it('records nothing for a guest', () => {
    const create = vi.spyOn(browserApi.live, 'playHistoryCreate');
    startWatching({ logicalChannelId: 'lc-1', programId: '', playType: 'live' }, 1);
    stopWatching(2);
    expect(create).not.toHaveBeenCalled();
  });
});
