/** Rows drawn beyond the visible ones, so a quick scroll does not show blanks. */
export const OVERSCAN_ROWS = 6;

/**
 * The rows a fixed-height virtual list draws: only those in (or near) the viewport, so a 500-channel
 * line-up costs as much as a 20-channel one. `end` is exclusive.
 */
export function visibleRange(opts: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): { start: number; end: number } {
  const overscan = opts.overscan ?? OVERSCAN_ROWS;
  if (opts.count === 0 || opts.rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, opts.scrollTop) / opts.rowHeight);
  const shown = Math.ceil(Math.max(0, opts.viewportHeight) / opts.rowHeight) + 1;
  return {
    start: Math.max(0, Math.min(opts.count, first - overscan)),
    end: Math.min(opts.count, first + shown + overscan),
  };
}

/** The scrollTop that brings row `index` into view (unchanged when it already is). */
export function scrollToShow(index: number, scrollTop: number, viewportHeight: number, rowHeight: number) {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}
