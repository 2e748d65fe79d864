import { atom } from 'nanostores';

/**
 * /liveTv's first view (decision 0074): User Timing marks read by bench/live-guide.ts (and visible in the
 * browser's performance panel) — when the island became interactive, and when the selected channel's day was
 * first on screen, with where it came from — and `$firstViewSettled`, which holds the page's background work
 * (authority, update check, reminders, usage cache) until that first view is painted, so it does not compete
 * with it.
 */
export const MARK_INTERACTIVE = 'ottkit:live-interactive';
export const MARK_DAY_SHOWN = 'ottkit:guide-day-shown';
/** The longest background work waits for the first view (a guide that never answers must not hold it). */
export const FIRST_VIEW_WAIT_MS = 1_000;

export type DaySource = 'store' | 'network';

let dayShown = false;

export function markInteractive() {
  if (typeof performance !== 'undefined') performance.mark(MARK_INTERACTIVE);
}

/** Marks the first day rendered on this page load; later days (zapping, day tabs) are not the first view. */
export function markDayShown(source: DaySource) {
  if (dayShown || typeof performance === 'undefined') return;
  dayShown = true;
  performance.mark(MARK_DAY_SHOWN, { detail: { source } });
}

/**
 * True once the first view has settled and been painted (a day, an empty or failed guide, or no guide at
 * all), or FIRST_VIEW_WAIT_MS after hydration at the latest. The island mounts its background jobs then.
 */
export const $firstViewSettled = atom(false);

let settling = false;

/** Runs `run` after the view just committed is painted: a frame, then a task. */
function afterPaint(run: () => void) {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/** The guide has its first view on screen; background work may start once it is painted. */
export function settleFirstView(whenPainted: (run: () => void) => void = afterPaint) {
  if (settling || $firstViewSettled.get()) return;
  settling = true;
  whenPainted(() => $firstViewSettled.set(true));
}

/** Settles the first view after `waitMs` if the guide has not; answers a cancel (for the island's unmount). */
export function settleFirstViewWithin(waitMs = FIRST_VIEW_WAIT_MS): () => void {
  const timer = setTimeout(() => $firstViewSettled.set(true), waitMs);
  return () => clearTimeout(timer);
}

/** For tests: a new page load. */
export function resetFirstView() {
  settling = false;
  dayShown = false;
  $firstViewSettled.set(false);
}
