/** Spec §9: the horizontal scroller steps 900 px in 800 ms; at or below 768 px wide it is the mobile layout. */
export const SCROLL_STEP_PX = 900;
export const SCROLL_DURATION_MS = 800;
export const MOBILE_MAX_WIDTH_PX = 768;

export type ScrollEdge = 'fits' | 'start' | 'middle' | 'end';

/** Mobile layout (touch scrolling, no arrows) at or below 768 px. */
export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH_PX;
}

/** Where the strip stands: everything fits, or at the start, the end, or between. 1 px of slack for zoom rounding. */
export function scrollEdge(scrollLeft: number, clientWidth: number, scrollWidth: number): ScrollEdge {
  const max = scrollWidth - clientWidth;
  if (max <= 1) return 'fits';
  if (scrollLeft <= 1) return 'start';
  if (scrollLeft >= max - 1) return 'end';
  return 'middle';
}

/** The next resting position one step back (-1) or forward (+1), kept inside the strip. */
export function scrollTarget(from: number, direction: -1 | 1, step: number, max: number): number {
  return Math.min(Math.max(from + direction * step, 0), Math.max(max, 0));
}

/** Ease in and out, so the step starts and lands softly; t in [0, 1]. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Position at `elapsed` ms of a `duration` ms glide from `from` to `to`. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOutCubic(Math.max(elapsed, 0) / duration);
}
