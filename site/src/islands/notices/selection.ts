import type { Notice } from '@ottkit/api-client';
import { CHANNEL_MARQUEE_MODE, NoticeMode } from '@ottkit/api-client/client';

/**
 * Which notice shows where (spec §4), as pure functions of the notice list, the page and what was read.
 * Named pages follow the spec's named routes; 'playback' is the catch-up dialog, 'vodPlayer' the VOD player.
 */
export type NoticePage = 'liveTv' | 'login' | 'home' | 'vod' | 'my' | 'playback' | 'vodPlayer' | 'other';

const M = NoticeMode;

/**
 * The one notice-mode table of the site (spec §4): per page, its popup mode and the marquee modes that run
 * there (the everywhere marquee, 11, on every page). The numbers are the contract's (`NoticeMode`).
 */
export const NOTICE_MODES: Readonly<
  Record<NoticePage, { popup: number | null; marquee: readonly number[] }>
> = {
  liveTv: { popup: M.POPUP_LIVE_TV, marquee: [M.MARQUEE_LIVE_TV, M.MARQUEE_PLAYBACK, M.MARQUEE_EVERYWHERE] },
  login: { popup: M.POPUP_LOGIN, marquee: [M.MARQUEE_LOGIN, M.MARQUEE_EVERYWHERE] },
  home: { popup: M.POPUP_HOME, marquee: [M.MARQUEE_EVERYWHERE] },
  vod: { popup: M.POPUP_VOD, marquee: [M.MARQUEE_EVERYWHERE] },
  my: { popup: M.POPUP_MY, marquee: [M.MARQUEE_EVERYWHERE] },
  playback: { popup: M.POPUP_PLAYBACK, marquee: [M.MARQUEE_PLAYBACK, M.MARQUEE_EVERYWHERE] },
  vodPlayer: { popup: M.POPUP_VOD_PLAYER, marquee: [M.MARQUEE_EVERYWHERE] },
  other: { popup: null, marquee: [M.MARQUEE_EVERYWHERE] },
};

const byPriority = (a: Notice, b: Notice) => b.priority - a.priority || b.createdAt - a.createdAt;

const unread = (n: Notice, read: ReadonlySet<string>) => n.readStatus === 0 && !read.has(n.id);

/** The popup to show on this page: the highest-priority unread notice with the page's popup mode. */
export function selectPopup(
  notices: readonly Notice[],
  page: NoticePage,
  read: ReadonlySet<string>,
): Notice | null {
  const mode = NOTICE_MODES[page].popup;
  if (mode === null) return null;
  return (
    [...notices]
      .filter((n) => unread(n, read) && n.displayMode.includes(mode as never))
      .sort(byPriority)[0] ?? null
  );
}

/** How often each marquee has run in this page session, and when its last run ended. */
export type MarqueeRuns = ReadonlyMap<string, { runs: number; lastEndAt: number }>;

/** A marquee runs displayTimes times (0 counts as once) before it is read. */
export const marqueeRunsWanted = (n: Notice) => Math.max(1, n.displayTimes);

/**
 * The marquee to run now: unread, with one of the page's marquee modes (or the channel marquee on a channel in
 * its displayChannel), not waiting out its displayInterval since its last run. `waitUntil` says when the
 * next candidate becomes due when none is due now.
 */
export function selectMarquee(
  notices: readonly Notice[],
  page: NoticePage,
  read: ReadonlySet<string>,
  runs: MarqueeRuns,
  now: number,
  channelId: string | null = null,
): { notice: Notice | null; waitUntil: number | null } {
  const modes = NOTICE_MODES[page].marquee;
  const candidates = [...notices]
    .filter(
      (n) =>
        unread(n, read) &&
        (n.displayMode.some((m) => modes.includes(m)) ||
          (channelId !== null &&
            page === 'liveTv' &&
            n.displayMode.includes(CHANNEL_MARQUEE_MODE as never) &&
            n.displayChannel.includes(channelId))) &&
        (runs.get(n.id)?.runs ?? 0) < marqueeRunsWanted(n),
    )
    .sort(byPriority);
  let waitUntil: number | null = null;
  for (const n of candidates) {
    const r = runs.get(n.id);
    const due = r ? r.lastEndAt + n.displayInterval : now;
    if (due <= now) return { notice: n, waitUntil: null };
    waitUntil = waitUntil === null ? due : Math.min(waitUntil, due);
  }
  return { notice: null, waitUntil };
}

/** The page a path belongs to (spec §2 named routes); dialogs override it while open. */
export function noticePageOf(pathname: string): NoticePage {
  if (pathname.startsWith('/liveTv')) return 'liveTv';
  if (pathname.startsWith('/login')) return 'login';
  if (pathname === '/' || pathname.startsWith('/home')) return 'home';
  if (pathname.startsWith('/vod')) return 'vod';
  if (pathname.startsWith('/my')) return 'my';
  return 'other';
}
