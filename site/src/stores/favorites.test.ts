import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserApi } from '../lib/api.ts';
import { $session, seedViewer } from './viewer.ts';
import { $favoriteIds, setFavorites, toggleFavorite } from './favorites.ts';

describe('toggleFavorite (spec §4, §5)', () => {
  // The viewer is the session's once one is loaded: a test file sharing this worker may have loaded a user's, so
  // each test starts from none (as liveHistory.test.ts does).
  beforeEach(() => {
    $session.set({ loaded: false, user: null });
    setFavorites(['lc-001']);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    seedViewer('guest');
  });

  it('asks a guest to log in and never calls the server', async () => {
    const create = vi.spyOn(browserApi.live, 'favoriteCreate');
    expect(await toggleFavorite('lc-002', true)).toBe('login');
    expect(create).not.toHaveBeenCalled();
    expect([...$favoriteIds.get()]).toEqual(['lc-001']);
  });

  it('updates the cache only after the server says yes, from its list', async () => {
    seedViewer('user');
    let resolve!: (v: { favoriteChannelList: { logicalChannelId: string; updateTime: number }[] }) => void;
    vi.spyOn(browserApi.live, 'favoriteCreate').mockReturnValue(new Promise((r) => (resolve = r)));
    const pending = toggleFavorite('lc-002', true, () => 5);
    expect([...$favoriteIds.get()]).toEqual(['lc-001']);
    resolve({
      favoriteChannelList: [
        { logicalChannelId: 'lc-001', updateTime: 1 },
        { logicalChannelId: 'lc-002', updateTime: 5 },
      ],
    });
    expect(await pending).toBe('done');
    expect([...$favoriteIds.get()]).toEqual(['lc-001', 'lc-002']);
  });

  it('leaves the cache alone when the server refuses', async () => {
    seedViewer('user');
    vi.spyOn(browserApi.live, 'favoriteDelete').mockRejectedValue(new Error('nope'));
    expect(await toggleFavorite('lc-001', false)).toBe('failed');
    expect([...$favoriteIds.get()]).toEqual(['lc-001']);
  });
});
