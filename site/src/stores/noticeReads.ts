import type { Notice } from '@ottkit/api-client';
import { browserApi } from '../lib/api.ts';
import { marqueeRunsWanted } from '../islands/notices/selection.ts';
import { $marqueeRuns, $readNotices, READ_KEY } from './notices.ts';
import { $session } from './session.ts';

// Reading notices, apart from fetching them: only NoticeView (loaded once there are notices) marks them read,
// so every page's NoticeHost carries neither this nor the rules choosing a notice (decision 0340).

function storeReads(ids: ReadonlySet<string>) {
  try {
    localStorage.setItem(READ_KEY, JSON.stringify([...ids].slice(-200)));
  } catch {
    // Private mode or full storage: reads then last for this page only.
  }
}

/** Spec §4: a popup is read on OK, a marquee at the end of its (last) run; then the next unread shows. */
export function markNoticeRead(id: string): void {
  const next = new Set($readNotices.get());
  next.add(id);
  $readNotices.set(next);
  storeReads(next);
  if ($session.get().user) {
    void browserApi.message.notificationStateUpdate({ msgId: id, state: 'read' }).catch(() => {});
  }
}

/** One marquee pass ended: counts it, and marks the notice read once it ran displayTimes times. */
export function marqueeEnded(notice: Notice, now: number): void {
  const runs = new Map($marqueeRuns.get());
  const done = (runs.get(notice.id)?.runs ?? 0) + 1;
  runs.set(notice.id, { runs: done, lastEndAt: now });
  $marqueeRuns.set(runs);
  if (done >= marqueeRunsWanted(notice)) markNoticeRead(notice.id);
}
