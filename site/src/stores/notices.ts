import type { Notice } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { marqueeRunsWanted } from '../islands/notices/selection.ts';
import { $session } from './session.ts';

/** The operator's notices for this viewer (spec §3, §4), highest priority first. */
export const $notices = atom<Notice[]>([]);
/** Notices read in this browser (OK on a popup, the end of a marquee's last run). */
export const $readNotices = atom<ReadonlySet<string>>(new Set());
/** Marquee runs in this page session: how many, and when the last one ended. */
export const $marqueeRuns = atom<ReadonlyMap<string, { runs: number; lastEndAt: number }>>(new Map());

/**
 * Without a session the server cannot remember reads, so the browser does (ids only). With a session the
 * server's readStatus is the truth, and this only bridges the moment before it answers.
 */
const READ_KEY = 'ottkit_notice_reads';
function storedReads(): Set<string> {
  try {
    const raw = localStorage.getItem(READ_KEY);
    return new Set(raw ? (JSON.parse(raw) as string[]).filter((x) => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}
function storeReads(ids: ReadonlySet<string>) {
  try {
    localStorage.setItem(READ_KEY, JSON.stringify([...ids].slice(-200)));
  } catch {
    // Private mode or full storage: reads then last for this page only.
  }
}

/** Fetches the notices: the account's (with read status) for a session, the public ones otherwise. */
export async function loadNotices(): Promise<void> {
  $readNotices.set(storedReads());
  const hasSession = $session.get().user !== null;
  try {
    const { noticeList } = hasSession
      ? await browserApi.message.appNotice({})
      : await browserApi.message.publicNotice({});
    $notices.set(noticeList);
  } catch {
    // Notices are a nicety: a failure leaves none on screen.
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
