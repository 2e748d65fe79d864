import type { HistoryItem, VodCard } from '@ottkit/api-client';
import { browserApi } from '../lib/api.ts';
import { resumeSeconds } from './progress.ts';
import { PLAYLIST_PAGE_SIZE } from './vodPaging.ts';

/** Titles the continue-watching row looks at (the newest history entries). */
export const CONTINUE_WATCHING_SCAN = 50;

/**
 * Continue watching (issue 14): history entries with a resume point, most recently played first (the order
 * the server keeps the history in). A title watched to the end, or not started, has none (`resumeSeconds`).
 */
export function continueWatching(history: readonly HistoryItem[]): HistoryItem[] {
  return history.filter((h) => resumeSeconds(h.position) > 0);
}

/** Percent watched, 1-99, for the progress bar (a started title never shows 0 nor a finished 100). */
export const percentWatched = (h: Pick<HistoryItem, 'position'>) =>
  Math.min(99, Math.max(1, Math.round(h.position.playProgress)));

export interface PersonalRows {
  continueWatching: HistoryItem[];
  /** Titles like the one watched last, when the operator turned "more like this" on. */
  moreLikeThis: { title: string; cards: VodCard[] } | null;
}

/** Reads the logged-in user's personal home rows from the API (history, then recommendations). */
export async function loadPersonalRows(options: { moreLikeThis: boolean }): Promise<PersonalRows> {
  const { list } = await browserApi.vod.historyMetaList({ pageId: 1, pageSize: CONTINUE_WATCHING_SCAN });
  const last = list[0];
  let moreLikeThis: PersonalRows['moreLikeThis'] = null;
  if (options.moreLikeThis && last) {
    try {
      const recommended = await browserApi.vod.recommendList({
        metaId: last.metaId,
        pageSize: PLAYLIST_PAGE_SIZE,
      });
      if (recommended.list.length > 0) moreLikeThis = { title: last.title, cards: recommended.list };
    } catch {
      // A row fewer; the rest of home is there.
    }
  }
  return { continueWatching: continueWatching(list), moreLikeThis };
}
