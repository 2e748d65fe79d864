import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type GridFocus, isGridKey, moveFocus, programmeAt, xToTime } from './gridLayout.ts';
import { cellKey, channelWidth, parseCellKey, rulerHeight } from './gridDom.ts';
import type { GuideGridProps } from './types.ts';

type FocusInputs = Pick<GuideGridProps, 'channels' | 'programmes' | 'from' | 'to' | 'now'> & {
  selectedChannelId: string | null;
};

/**
 * The grid's one tab stop and the keys that move it (the ARIA grid pattern's roving tab index). Arrow keys move
 * between blocks (Up/Down keep the time), Home/End go to a row's ends; the keys are handled inside the grid only.
 * After a key, the new block is scrolled into view and focused once it is drawn.
 */
export function useGridFocus(
  scroller: RefObject<HTMLDivElement | null>,
  { channels, programmes, from, to, now, selectedChannelId }: FocusInputs,
) {
  const [focus, setFocus] = useState<GridFocus | null>(null);
  const moveFocusTo = useRef<string | null>(null);

  // Looked up when the line-up or the selection changes, not on every scroll (no work per scroll that grows
  // with the line-up, decision 0321).
  const selectedRow = useMemo(
    () =>
      Math.max(
        0,
        channels.findIndex((c) => c.id === selectedChannelId),
      ),
    [channels, selectedChannelId],
  );
  // The one block (or channel) Tab reaches: the last focused, else the selected channel's programme on air.
  const tabStop = useMemo<GridFocus>(() => {
    if (focus && focus.row < channels.length) return focus;
    const row = selectedRow;
    const list = channels[row] ? programmes.get(channels[row].id) : undefined;
    const onAir = list && now >= from && now < to ? programmeAt(list, now) : undefined;
    return { row, programId: onAir?.programId ?? null };
  }, [focus, channels, programmes, selectedRow, now, from, to]);

  // After a key moved the focus: scroll the new block into view (past the sticky column and ruler) and focus it.
  // Every render, as the block may be drawn only by the render after the key's.
  useLayoutEffect(() => {
    const key = moveFocusTo.current;
    const el = scroller.current;
    if (!key || !el) return;
    moveFocusTo.current = null;
    const target = el.querySelector<HTMLElement>(`[data-cell="${key}"]`);
    if (!target) return;
    const box = target.getBoundingClientRect();
    const view = el.getBoundingClientRect();
    const left = view.left + channelWidth(el);
    const top = view.top + rulerHeight(el);
    if (target.dataset.kind === 'programme') {
      if (box.left < left) el.scrollLeft -= left - box.left + 8;
      else if (box.right > view.right) el.scrollLeft += Math.min(box.right - view.right, box.left - left) + 8;
    }
    if (box.top < top) el.scrollTop -= top - box.top;
    else if (box.bottom > view.bottom) el.scrollTop += box.bottom - view.bottom;
    target.focus({ preventScroll: true });
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!isGridKey(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const el = scroller.current;
    if (!el) return;
    // Ours alone: the page's own arrow keys (channel up/down while watching) do not see a move in the grid.
    e.preventDefault();
    e.stopPropagation();
    const middle = xToTime(el.scrollLeft + (el.clientWidth - channelWidth(el)) / 2, from);
    const next = moveFocus(tabStop, e.key, {
      rows: channels.length,
      programmesOf: (row) => {
        const channel = channels[row];
        return channel ? programmes.get(channel.id) : undefined;
      },
      time: Math.min(to - 1, Math.max(from, middle)),
    });
    moveFocusTo.current = cellKey(next.row, next.programId);
    setFocus(next);
  };

  // Tab, a click or a key: the focused block becomes the grid's tab stop.
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const cell = (e.target as HTMLElement).dataset.cell;
    if (!cell) return;
    const next = parseCellKey(cell);
    if (next.row !== focus?.row || next.programId !== focus?.programId) setFocus(next);
  };

  return { tabStop, onKeyDown, onFocus };
}
