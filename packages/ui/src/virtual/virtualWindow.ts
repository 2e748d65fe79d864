/**
 * Fixed-height virtual lists (decision 0074): the channel list and the guide grid draw only the rows near the
 * viewport. Plain functions, no React, so they are tested without a DOM.
 */

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

/** Where a virtual list's viewport is: the first row at its top and how many rows it holds. */
export interface ViewportRows {
  firstRow: number;
  rows: number;
}

/**
 * Follows a scrolling viewport at most once per animation frame and reports only a change of rows: scroll
 * events arrive several times a frame and mostly move within a row, so the list re-renders when a row enters
 * or leaves, not per event (decision 0074). `read` is called on the frame (the layout is fresh then);
 * `requestFrame` is requestAnimationFrame in the browser.
 */
export function trackViewportRows(opts: {
  rowHeight: number;
  read: () => { scrollTop: number; viewportHeight: number };
  onChange: (rows: ViewportRows) => void;
  requestFrame: (callback: () => void) => unknown;
}) {
  let pending = false;
  let stopped = false;
  let current: ViewportRows | null = null;
  const measure = () => {
    if (stopped) return;
    const { scrollTop, viewportHeight } = opts.read();
    const next = {
      firstRow: Math.floor(Math.max(0, scrollTop) / opts.rowHeight),
      rows: Math.ceil(Math.max(0, viewportHeight) / opts.rowHeight),
    };
    if (current && current.firstRow === next.firstRow && current.rows === next.rows) return;
    current = next;
    opts.onChange(next);
  };
  return {
    /** A scroll or a resize: measured on the next frame, once however many arrive before it. */
    schedule() {
      if (pending || stopped) return;
      pending = true;
      opts.requestFrame(() => {
        pending = false;
        measure();
      });
    },
    /** Measured at once (the first layout). */
    measure,
    stop() {
      stopped = true;
    },
  };
}
