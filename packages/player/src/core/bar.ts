import { TIMESHIFT_MIN_MS } from './constants.ts';
import type { LiveBar, Programme } from './types.ts';

/** What the media element says about a live stream, in its own seconds. */
export interface LiveMediaTimes {
  currentTime: number;
  seekableStart: number;
  seekableEnd: number;
}

/**
 * The live progress bar in wall-clock time: it spans the current programme (or the seekable window when no
 * programme is known); the seekable end is "now". Spec §4: disabled while less than 110 s can be sought.
 * `reach` is how far back a time-shift playlist goes (epoch ms) when the source has one: the live playlist
 * itself holds only seconds, so what can be sought starts there instead.
 */
export function computeBar(
  now: number,
  t: LiveMediaTimes,
  programme: Programme | null,
  reach?: number,
): LiveBar {
  const mediaStart = now - Math.max(0, t.seekableEnd - t.seekableStart) * 1000;
  const windowStart = reach === undefined ? mediaStart : Math.min(mediaStart, reach);
  const start = programme ? programme.start : windowStart;
  const end = programme ? Math.max(programme.stop, now) : now;
  const seekableStart = Math.min(now, Math.max(start, windowStart));
  const position = now - Math.max(0, t.seekableEnd - t.currentTime) * 1000;
  return { start, end, live: now, seekableStart, position, enabled: now - seekableStart >= TIMESHIFT_MIN_MS };
}

export type BarClick = { action: 'ignore' } | { action: 'live' } | { action: 'timeshift'; behindMs: number };

/**
 * How far inside the seekable start a click at (or before) it lands: the window of a live playlist slides, and a
 * position that has slid out of it by the time its segment loads makes the engine jump back to live.
 */
export const WINDOW_START_MARGIN_MS = 10_000;

/** Spec §4: a click at least 110 s from live starts time-shift there; a click closer returns to live. */
export function classifyBarClick(bar: LiveBar, epochMs: number): BarClick {
  if (!bar.enabled) return { action: 'ignore' };
  // The margin never turns a click that may time-shift into one that may not.
  const margin = Math.max(
    0,
    Math.min(WINDOW_START_MARGIN_MS, bar.live - bar.seekableStart - TIMESHIFT_MIN_MS),
  );
  const target = Math.min(bar.live, Math.max(bar.seekableStart + margin, epochMs));
  const behindMs = bar.live - target;
  if (behindMs < TIMESHIFT_MIN_MS) return { action: 'live' };
  return { action: 'timeshift', behindMs };
}
