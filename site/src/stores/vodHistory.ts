import type { HistoryItem } from '@ottkit/api-client';
import { browserApi } from '../lib/api.ts';
import { createEditableList } from './vodEditableList.ts';
import { needsLogin } from './vodFavorites.ts';

/** Spec §9: VOD history list page size 100, cached 5 s. */
export const HISTORY_PAGE_SIZE = 100;
export const HISTORY_CACHE_MS = 5_000;

const history = createEditableList<HistoryItem>({
  load: async () => {
    const page = await browserApi.vod.historyMetaList({ pageId: 1, pageSize: HISTORY_PAGE_SIZE });
    return { list: page.list, total: page.total };
  },
  remove: (metaIds) => browserApi.vod.historyBatchDelete({ metaIds }),
  cacheMs: HISTORY_CACHE_MS,
  needsLogin,
});

/** The watch history of /history (last played first), with edit mode. */
export const $vodHistory = history.$list;
export const { load: loadHistory, setEditMode: setHistoryEditMode, selectAll: selectAllHistory } = history;
export const toggleHistorySelected = history.toggle;
export const deleteSelectedHistory = history.deleteSelected;
