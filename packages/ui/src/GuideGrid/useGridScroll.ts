import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { scrollToShow, trackViewportRows, type ViewportRows } from '../virtual/index.ts';
import { GRID_PX_PER_MINUTE, GRID_ROW_HEIGHT, timeToX } from './gridLayout.ts';
import { channelWidth, rulerHeight } from './gridDom.ts';
import type { GuideGridChannel } from './types.ts';

/** The first layout's guess at the viewport, before it is measured (and on the server). */
const FIRST_ROWS: ViewportRows = { firstRow: 0, rows: 10 };
/** The timeline is followed in one-hour columns: moving within one re-renders nothing. */
export const COLUMN_PX = 60 * GRID_PX_PER_MINUTE;
const FIRST_COLUMNS: ViewportRows = { firstRow: 0, rows: 6 };
/** Rows still this long after a move: the rows drawn get the time overscan again. */
const ROWS_SETTLE_MS = 200;

/** Where the scroller is, in the units the grid re-renders by. */
export interface GridViewport {
  /** The rows in view (and the first layout's guess before a measure). */
  rows: ViewportRows;
  /** The hour columns in view, across. */
  columns: ViewportRows;
  /** Rows moved less than ROWS_SETTLE_MS ago (decision 0358). */
  moving: boolean;
  /**
   * The time area's x span, read with the rows: a ref, not state, so a move across within an hour column
   * re-renders nothing; the rows entering while rows move read it.
   */
  visibleX: RefObject<{ left: number; width: number }>;
}

/**
 * Follows the scroller both ways, and sets where it stands without the viewer moving it. Scrolling re-renders only
 * when a row or an hour column enters or leaves, once a frame (decision 0074), synchronously in that frame
 * (flushSync), so the rows entering are drawn before it paints. Rows moving (a scroll down or up): `moving` is true
 * until they have been still for ROWS_SETTLE_MS. Across, the grid opens on now when the span changes; down, on the
 * selected channel's row when the selection or the line-up's length changes.
 */
export function useGridScroll(
  scroller: RefObject<HTMLDivElement | null>,
  {
    from,
    to,
    now,
    channels,
    selectedChannelId,
  }: {
    from: number;
    to: number;
    now: number;
    channels: readonly GuideGridChannel[];
    selectedChannelId: string | null;
  },
): GridViewport {
  const [rows, setRows] = useState(FIRST_ROWS);
  const [columns, setColumns] = useState(FIRST_COLUMNS);
  const [moving, setMoving] = useState(false);
  const visibleX = useRef({ left: 0, width: 0 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const frame = (callback: () => void) => requestAnimationFrame(callback);
    let measured = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const down = trackViewportRows({
      rowHeight: GRID_ROW_HEIGHT,
      read: () => {
        visibleX.current = { left: el.scrollLeft, width: (el.clientWidth || 1280) - channelWidth(el) };
        return { scrollTop: el.scrollTop, viewportHeight: el.clientHeight || 560 };
      },
      onChange: (next) => {
        // The first measure is the grid opening, not a move.
        const move = measured;
        measured = true;
        flushSync(() => {
          setRows(next);
          if (move) setMoving(true);
        });
        if (!move) return;
        clearTimeout(settle);
        settle = setTimeout(() => setMoving(false), ROWS_SETTLE_MS);
      },
      requestFrame: frame,
    });
    const across = trackViewportRows({
      rowHeight: COLUMN_PX,
      // The time area only: the channel column covers the rest of the width.
      read: () => ({ scrollTop: el.scrollLeft, viewportHeight: (el.clientWidth || 1280) - channelWidth(el) }),
      onChange: (next) => flushSync(() => setColumns(next)),
      requestFrame: frame,
    });
    const schedule = () => {
      down.schedule();
      across.schedule();
    };
    schedule();
    el.addEventListener('scroll', schedule, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(el);
    return () => {
      clearTimeout(settle);
      down.stop();
      across.stop();
      el.removeEventListener('scroll', schedule);
      observer?.disconnect();
    };
  }, [scroller]);

  // Opens on now (a quarter of the way in, so the past half hour shows) when now is in the span.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the span changes, not every tick
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const at = now >= from && now < to ? timeToX(now, from) - (el.clientWidth - channelWidth(el)) / 4 : 0;
    el.scrollLeft = Math.max(0, at);
  }, [from, to]);

  // Brings the selected channel's row into view when the selection or the line-up changes.
  const channelsRef = useRef(channels);
  channelsRef.current = channels;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new selection or line-up length only
  useEffect(() => {
    const el = scroller.current;
    const index = channelsRef.current.findIndex((c) => c.id === selectedChannelId);
    if (!el || index < 0) return;
    const view = el.clientHeight - rulerHeight(el);
    el.scrollTop = scrollToShow(index, el.scrollTop, view, GRID_ROW_HEIGHT);
  }, [selectedChannelId, channels.length]);

  return { rows, columns, moving, visibleX };
}
