/**
 * The spatial focus model of the tv layout (decision 0266): from the focused box, an arrow key moves to the
 * nearest box in that direction. Pure geometry, so it is tested without a browser.
 */
export type Direction = 'up' | 'down' | 'left' | 'right';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How far off the arrow's line a box may be counts this much more than how far along it (stay in the row). */
const CROSS_WEIGHT = 3;
/** Boxes that overlap the focused one by less than this along the arrow still count as beyond it. */
const SLACK = 1;

/**
 * The index of the candidate nearest `from` in `direction`, or -1. A candidate must lie beyond the focused box
 * in that direction (its near edge past the focused box's near edge); distance is the gap along the arrow plus
 * the offset across it, weighted, and a candidate overlapping across (same row or column) gets no cross cost.
 */
export function nearest(from: Box, candidates: readonly Box[], direction: Direction): number {
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  candidates.forEach((c, i) => {
    const along = gapAlong(from, c, direction);
    if (along === null) return;
    const score = along + CROSS_WEIGHT * gapAcross(from, c, direction);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/** A box's start and end along the arrow, as numbers that grow in the arrow's direction. */
function span(b: Box, d: Direction): [number, number] {
  if (d === 'right') return [b.left, b.right];
  if (d === 'left') return [-b.right, -b.left];
  if (d === 'down') return [b.top, b.bottom];
  return [-b.bottom, -b.top];
}

/** How far beyond `from` the candidate starts along the arrow; null when it is not beyond it. */
function gapAlong(from: Box, c: Box, d: Direction): number | null {
  const [fromStart, fromEnd] = span(from, d);
  const [start, end] = span(c, d);
  const beyond = start >= fromEnd - SLACK || (start > fromStart && end > fromEnd);
  return beyond ? Math.max(0, start - fromEnd) : null;
}

/** Distance between the boxes across the arrow: 0 when they share a row (left/right) or a column (up/down). */
function gapAcross(from: Box, c: Box, d: Direction): number {
  if (d === 'left' || d === 'right') return Math.max(0, c.top - from.bottom, from.top - c.bottom);
  return Math.max(0, c.left - from.right, from.left - c.right);
}
