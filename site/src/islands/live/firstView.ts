/**
 * User Timing marks of /liveTv's first view (decision 0074), read by bench/live-guide.ts and visible in the
 * browser's performance panel: when the island became interactive, and when the selected channel's day was
 * first on screen (with where it came from).
 */
export const MARK_INTERACTIVE = 'ottkit:live-interactive';
export const MARK_DAY_SHOWN = 'ottkit:guide-day-shown';

export type DaySource = 'store' | 'network';

let dayShown = false;

export function markInteractive() {
  if (typeof performance !== 'undefined') performance.mark(MARK_INTERACTIVE);
}

/** Marks the first day shown on this page load; later days (zapping, day tabs) are not the first view. */
export function markDayShown(source: DaySource) {
  if (dayShown || typeof performance === 'undefined') return;
  dayShown = true;
  performance.mark(MARK_DAY_SHOWN, { detail: { source } });
}
