import { useEffect, useRef } from 'react';
import { stableSlots, useRecycledSlots, visibleRange } from '../virtual/index.ts';
import { GRID_ROW_HEIGHT, GRID_TIME_OVERSCAN_MS, xToTime } from './gridLayout.ts';
import type { GuideGridChannel } from './types.ts';
import { COLUMN_PX, type GridViewport } from './useGridScroll.ts';

/** While rows move, the times drawn beyond the view (a move across as well draws again once past it). */
const MOVING_OVERSCAN_MS = 15 * 60_000;

const rowIndex = (i: number) => i;

/**
 * What the grid draws of the viewport (the virtual window): the rows near the view, told to the host when they
 * change so it loads their programmes (`onRowsInView`, `end` exclusive), and each drawn row's times.
 *
 * - `drawn`: the rows drawn, with the tab stop's row kept drawn (and its node kept) wherever it is. Rows are
 *   keyed by node, so a row scrolled in takes the node of one that left (decision 0321), scrolling up as well as
 *   down: headers and blocks stay in their nodes' order, never moved, as the rows that own them give the reading
 *   order (decision 0358). `reading`: the same rows in reading order, for the ARIA rows.
 * - `shownFor(key, i)`: a drawn row's times, by node. While rows move, a row still drawn keeps what it shows
 *   (nothing to render again) and a row entering shows the visible times only; once still, every row the whole
 *   window (the hour columns in view and GRID_TIME_OVERSCAN_MS either side; decision 0358). The answer is the
 *   same object while it does not change, so the row's memo holds.
 */
export function useGridWindow(
  { rows, columns, moving, visibleX }: GridViewport,
  {
    from,
    channels,
    tabStopRow,
    onRowsInView,
  }: {
    from: number;
    channels: readonly GuideGridChannel[];
    tabStopRow: number;
    onRowsInView: ((start: number, end: number) => void) | undefined;
  },
) {
  const { start, end } = visibleRange({
    scrollTop: rows.firstRow * GRID_ROW_HEIGHT,
    viewportHeight: rows.rows * GRID_ROW_HEIGHT,
    rowHeight: GRID_ROW_HEIGHT,
    count: channels.length,
  });
  useEffect(() => onRowsInView?.(start, end), [onRowsInView, start, end]);

  const items: number[] = [];
  if (tabStopRow < start) items.push(tabStopRow);
  for (let i = start; i < end; i++) items.push(i);
  if (tabStopRow >= end) items.push(tabStopRow);
  const slots = useRecycledSlots(items, rowIndex, stableSlots);
  // Each drawn row once, for the three things drawn per row: header and blocks in node order, rows in reading
  // order.
  const drawn = slots.flatMap(({ key, item: i }) => {
    const channel = channels[i];
    return channel ? [{ key, i, channel }] : [];
  });
  const reading = drawn.slice().sort((a, b) => a.i - b.i);

  const shownBy = useRef(new Map<number, { i: number; from: number; to: number }>()).current;
  const shownFrom = xToTime(columns.firstRow * COLUMN_PX, from) - GRID_TIME_OVERSCAN_MS;
  const shownTo = xToTime((columns.firstRow + columns.rows + 1) * COLUMN_PX, from) + GRID_TIME_OVERSCAN_MS;
  const shownFor = (key: number, i: number) => {
    const kept = shownBy.get(key);
    let next = { i, from: shownFrom, to: shownTo };
    if (moving) {
      const { left, width } = visibleX.current;
      const viewFrom = xToTime(left, from);
      const viewTo = xToTime(left + Math.max(width, COLUMN_PX), from);
      next =
        kept?.i === i && kept.from <= viewFrom && kept.to >= viewTo
          ? kept
          : { i, from: viewFrom - MOVING_OVERSCAN_MS, to: viewTo + MOVING_OVERSCAN_MS };
    }
    if (kept?.i !== next.i || kept.from !== next.from || kept.to !== next.to) shownBy.set(key, next);
    return shownBy.get(key) as { from: number; to: number };
  };
  return { drawn, reading, shownFor };
}
