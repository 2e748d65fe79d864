import type { VodCard } from '@ottkit/api-client';
import { ErrCode, isApiError } from '@ottkit/api-client/client';
import { map } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { createEditableList } from './vodEditableList.ts';

/** Favourites page size: the whole list at once (the server caps a page at 100). */
export const FAVORITES_PAGE_SIZE = 100;

export type FavoriteCard = VodCard & { favoredAt: number };

/** Guests get LOGIN_REQUIRED or a session error on user-only calls (spec §6: favouriting requires login). */
export const needsLogin = (e: unknown) =>
  isApiError(e) &&
  (e.name === 'SessionInvalidError' || (e.name === 'BusinessError' && e.errCode === ErrCode.LOGIN_REQUIRED));

const favorites = createEditableList<FavoriteCard>({
  load: async () => {
    const page = await browserApi.vod.favorMetaList({ pageId: 1, pageSize: FAVORITES_PAGE_SIZE });
    return { list: page.list, total: page.total };
  },
  remove: async (metaIds) => {
    await browserApi.vod.favorBatchDelete({ metaIds });
    for (const id of metaIds) $favored.setKey(id, false);
  },
  needsLogin,
});

/** The favourite titles of /favorites, with edit mode. */
export const $vodFavorites = favorites.$list;
export const {
  load: loadFavorites,
  setEditMode: setFavoritesEditMode,
  selectAll: selectAllFavorites,
} = favorites;
export const toggleFavoriteSelected = favorites.toggle;
export const deleteSelectedFavorites = favorites.deleteSelected;

/** Whether each title is a favourite (detail page toggle); unknown titles are absent. */
export const $favored = map<Record<string, boolean>>({});

/** Asks which of these titles are favourites (users only; guests keep an empty map). */
export async function checkFavored(metaIds: string[]) {
  if (metaIds.length === 0) return;
  try {
    const { list } = await browserApi.vod.favorBatchSearchHasFavored({ metaIds });
    for (const { metaId, favored } of list) $favored.setKey(metaId, favored);
  } catch {
    // Spec §8: failures of favourite calls are swallowed.
  }
}

/**
 * Adds or removes a favourite (spec §4 favourite toggle: the local state changes after success).
 * Answers 'login' for a guest, who is sent to log in (spec §6).
 */
export async function toggleFavored(metaId: string): Promise<'ok' | 'login' | 'failed'> {
  const was = $favored.get()[metaId] ?? false;
  try {
    if (was) await browserApi.vod.favorBatchDelete({ metaIds: [metaId] });
    else await browserApi.vod.favorAdd({ metaId });
    $favored.setKey(metaId, !was);
    // The favourites page must not show a stale list after a change.
    $vodFavorites.setKey('fetchedAt', null);
    return 'ok';
  } catch (e) {
    return needsLogin(e) ? 'login' : 'failed';
  }
}
