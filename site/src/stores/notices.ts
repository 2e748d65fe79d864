import type { Notice } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
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
export const READ_KEY = 'ottkit_notice_reads';
function storedReads(): Set<string> {
  try {
    const raw = localStorage.getItem(READ_KEY);
    return new Set(raw ? (JSON.parse(raw) as string[]).filter((x) => typeof x === 'string') : []);
  } catch {
    return new Set();
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
