/**
 * The guide grid's geometry and keyboard moves as plain functions (tested without a DOM): time runs across at a
 * fixed number of pixels per minute, channels run down in rows of a fixed height.
 */

/** Horizontal scale: 4 px a minute, so half an hour is 120 px and a day 5,760 px. */
export const GRID_PX_PER_MINUTE = 4;
/** Height of one channel row (px). */
export const GRID_ROW_HEIGHT = 56;
/** Ruler marks every half hour. */
export const GRID_RULER_STEP_MS = 30 * 60_000;
/**
 * Programmes are drawn at least half an hour beyond each side of the visible times (the hour columns add up to an
 * hour more), so a quick scroll shows no gaps; more was blocks laid out for nothing on every row scrolling in
 * (decision 0358).
 */
export const GRID_TIME_OVERSCAN_MS = 30 * 60_000;

const MINUTE_MS = 60_000;

/** The x (px from the span's start) of an instant. */
export function timeToX(time: number, from: number, pxPerMinute = GRID_PX_PER_MINUTE): number {
  return ((time - from) / MINUTE_MS) * pxPerMinute;
}

/** The instant at x (px from the span's start). */
export function xToTime(x: number, from: number, pxPerMinute = GRID_PX_PER_MINUTE): number {
  return from + (x / pxPerMinute) * MINUTE_MS;
}

export interface Timed {
  start: number;
  stop: number;
}

/** Left and width of a programme's block, clipped to the span `[from, to)`; null when it lies outside. */
export function blockBox(
  p: Timed,
  from: number,
  to: number,
  pxPerMinute = GRID_PX_PER_MINUTE,
): { left: number; width: number } | null {
  const start = Math.max(p.start, from);
  const stop = Math.min(p.stop, to);
  if (stop <= start) return null;
  const left = timeToX(start, from, pxPerMinute);
  return { left, width: timeToX(stop, from, pxPerMinute) - left };
}

/** The programmes on air at some time in `[from, to)`. */
export function inWindow<P extends Timed>(programmes: readonly P[], from: number, to: number): P[] {
  return programmes.filter((p) => p.stop > from && p.start < to);
}

/** The ruler's marks: every half hour from the first one at or after `from`, up to `to`. */
export function rulerMarks(from: number, to: number, step = GRID_RULER_STEP_MS): number[] {
  const first = Math.ceil(from / step) * step;
  const marks: number[] = [];
  for (let t = first; t < to; t += step) marks.push(t);
  return marks;
}

/** Where the keyboard focus is: a channel's header (programId null) or one of its programmes. */
export interface GridFocus {
  row: number;
  programId: string | null;
}

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export function isGridKey(key: string): key is GridKey {
  return ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key);
}

/** The programme of a row on air at `time`, else the nearest one after, else the last one. */
export function programmeAt<P extends Timed & { programId: string }>(
  programmes: readonly P[],
  time: number,
): P | undefined {
  return (
    programmes.find((p) => p.start <= time && time < p.stop) ??
    programmes.find((p) => p.start > time) ??
    programmes[programmes.length - 1]
  );
}

/**
 * The focus after a key: Left and Right step through a row (Left from its first programme goes to the channel),
 * Up and Down go to the programme of the next row on air at the same time (`time`: the focused programme's
 * middle, or the time in view when on a channel), Home and End to a row's first and last programme.
 * `programmesOf(row)` answers a row's programmes by start; a row whose programmes are not known yet is entered
 * at its channel.
 */
export function moveFocus<P extends Timed & { programId: string }>(
  focus: GridFocus,
  key: GridKey,
  opts: { rows: number; programmesOf: (row: number) => readonly P[] | undefined; time: number },
): GridFocus {
  const list = opts.programmesOf(focus.row) ?? [];
  const index = focus.programId === null ? -1 : list.findIndex((p) => p.programId === focus.programId);
  const current = index >= 0 ? list[index] : undefined;
  const time = current ? (current.start + current.stop) / 2 : opts.time;
  switch (key) {
    case 'ArrowLeft':
      return { row: focus.row, programId: index > 0 ? (list[index - 1]?.programId ?? null) : null };
    case 'ArrowRight': {
      if (index < 0) return { row: focus.row, programId: programmeAt(list, time)?.programId ?? null };
      return { row: focus.row, programId: (list[index + 1] ?? list[index])?.programId ?? null };
    }
    case 'Home':
      return { row: focus.row, programId: list[0]?.programId ?? null };
    case 'End':
      return { row: focus.row, programId: list[list.length - 1]?.programId ?? null };
    case 'ArrowUp':
    case 'ArrowDown': {
      const row = Math.min(opts.rows - 1, Math.max(0, focus.row + (key === 'ArrowUp' ? -1 : 1)));
      if (row === focus.row) return focus;
      if (focus.programId === null) return { row, programId: null };
      const next = opts.programmesOf(row);
      return { row, programId: next ? (programmeAt(next, time)?.programId ?? null) : null };
    }
  }
}
