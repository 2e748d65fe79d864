import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { $viewer } from './authority.ts';

/** The viewer's favourite channels (the local cache of spec §4's favourite toggle). */
export const $favoriteIds = atom<ReadonlySet<string>>(new Set());

export function setFavorites(ids: Iterable<string>) {
  $favoriteIds.set(new Set(ids));
}

/** What a toggle came to: done, or a guest who must log in first (spec §5: favouriting requires login). */
export type FavoriteOutcome = 'done' | 'login' | 'failed';

/**
 * Adds or removes a favourite. Guests never reach the server. The cache changes only once the server has
 * said yes, and then it takes the server's whole list, so two tabs cannot drift apart.
 */
export async function toggleFavorite(
  logicalChannelId: string,
  favorite: boolean,
  now: () => number = Date.now,
): Promise<FavoriteOutcome> {
  if ($viewer.get() !== 'user') return 'login';
  try {
    const answer = favorite
      ? await browserApi.live.favoriteCreate({
          favoriteChannelList: [{ logicalChannelId, updateTime: now() }],
        })
      : await browserApi.live.favoriteDelete({ favoriteChannelDeleteList: [logicalChannelId] });
    setFavorites(answer.favoriteChannelList.map((f) => f.logicalChannelId));
    return 'done';
  } catch {
    return 'failed';
  }
}

/** Reloads the list from the server (the update check reports favourites modified elsewhere). */
export async function refreshFavorites(): Promise<void> {
  if ($viewer.get() !== 'user') return;
  const answer = await browserApi.live.favoriteList({});
  setFavorites(answer.favoriteChannelList.map((f) => f.logicalChannelId));
}
