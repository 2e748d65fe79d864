import {
  type FocusEvent,
  type KeyboardEvent,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useId,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { ChannelLogo } from '../ChannelLogo/ChannelLogo.tsx';
import { CartIcon, LockIcon } from '../icons/index.ts';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { formatMessage, type Messages, useMessages } from '../messages/index.ts';
import type { ProgrammeAction, ProgrammeActionLock, ProgrammeStatus } from '../ProgrammeRow/index.ts';
import {
  scrollToShow,
  stableSlots,
  trackViewportRows,
  useRecycledSlots,
  type ViewportRows,
  visibleRange,
} from '../virtual/index.ts';
import {
  blockBox,
  GRID_PX_PER_MINUTE,
  GRID_ROW_HEIGHT,
  GRID_TIME_OVERSCAN_MS,
  type GridFocus,
  inWindow,
  isGridKey,
  moveFocus,
  programmeAt,
  rulerMarks,
  timeToX,
  xToTime,
} from './gridLayout.ts';
import styles from './GuideGrid.module.css';

/** A channel row's header. */
export interface GuideGridChannel {
  id: string;
  name: string;
  number: number;
  logoUrl?: string;
  /** No live authority: the header carries the lock. */
  locked?: boolean;
}

/** One programme block: the guide's fields and the action a click takes (the same as the guide list's). */
export interface GuideGridProgramme {
  programId: string;
  title: string;
  /** Epoch ms. */
  start: number;
  stop: number;
  status: ProgrammeStatus;
  /** From `programmeAction(...)`; `none`: the block does nothing. */
  action: ProgrammeAction;
  lock?: ProgrammeActionLock;
  /** Being watched (live or catch-up): aria-current. */
  current?: boolean;
}

export interface GuideGridProps {
  /** Accessible name of the grid. */
  label: string;
  channels: readonly GuideGridChannel[];
  /**
   * Each row's programmes by start, by channel id; a channel missing from the map is still loading. Only `get`
   * is used, for the rows drawn: a host may answer it on demand (a new object when the answers change) rather
   * than build a map per scroll.
   */
  programmes: Pick<ReadonlyMap<string, readonly GuideGridProgramme[]>, 'get'>;
  /** The span of time across (epoch ms), e.g. one day. */
  from: number;
  to: number;
  /** Now (epoch ms): the now line, and where the grid opens. */
  now: number;
  selectedChannelId?: string | null;
  /** Formats an epoch-ms time; the default is 24-hour `HH:mm` in the browser's zone. */
  formatTime?: (epochMs: number) => string;
  onSelectChannel?: (channelId: string) => void;
  onProgramme?: (channelId: string, programme: GuideGridProgramme) => void;
  /** The rows drawn changed (`end` exclusive): the host loads their programmes. */
  onRowsInView?: (start: number, end: number) => void;
}

/** The first layout's guess at the viewport, before it is measured (and on the server). */
const FIRST_ROWS: ViewportRows = { firstRow: 0, rows: 10 };
/** The timeline is followed in one-hour columns: moving within one re-renders nothing. */
const COLUMN_PX = 60 * GRID_PX_PER_MINUTE;
const FIRST_COLUMNS: ViewportRows = { firstRow: 0, rows: 6 };
/** Rows still this long after a move: the rows drawn get the time overscan again. */
const ROWS_SETTLE_MS = 200;
/** While rows move, the times drawn beyond the view (a move across as well draws again once past it). */
const MOVING_OVERSCAN_MS = 15 * 60_000;

function hhmm(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const actionText: Record<Exclude<ProgrammeAction, 'none'>, keyof Messages> = {
  subscribe: 'programmeSubscribe',
  subscribed: 'programmeSubscribed',
  playing: 'programmePlaying',
  playback: 'programmePlayback',
};

const cellKey = (row: number, programId: string | null) => `${row}:${programId ?? ''}`;

/**
 * The multi-channel guide: channels down, time across, a now line; programmes are blocks as wide as they last.
 * One scroller moves both ways, so the time ruler (sticky top) and the channel column (sticky left) stay in
 * step with the blocks. Rows are virtualised (500 channels draw ~25 rows) and so is time (blocks half an hour
 * beyond the view at least). Arrow keys move between blocks (Up/Down keep the time), Home/End go to a row's
 * ends, Enter or Space acts; the keys are handled inside the grid only.
 *
 * @example <GuideGrid label="Guide" channels={rows} programmes={byChannel} from={dayStart} to={dayEnd}
 *   now={Date.now()} onProgramme={(channelId, p) => act(channelId, p)} />
 */
export function GuideGrid({
  label,
  channels,
  programmes,
  from,
  to,
  now,
  selectedChannelId = null,
  formatTime = hhmm,
  onSelectChannel,
  onProgramme,
  onRowsInView,
}: GuideGridProps) {
  const messages = useMessages();
  const gridId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState(FIRST_ROWS);
  const [columns, setColumns] = useState(FIRST_COLUMNS);
  const [focus, setFocus] = useState<GridFocus | null>(null);
  const moveFocusTo = useRef<string | null>(null);
  const spanWidth = timeToX(to, from);
  // Rows moving (a scroll down or up): rows entering draw the visible times only (the time area's x span, read
  // with the rows); they get the overscan once the rows have been still for ROWS_SETTLE_MS (decision 0358).
  const [moving, setMoving] = useState(false);
  const visibleX = useRef({ left: 0, width: 0 });

  // Scrolling re-renders only when a row or an hour column enters or leaves, once a frame (decision 0074).
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
  }, []);

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

  const { start, end } = visibleRange({
    scrollTop: rows.firstRow * GRID_ROW_HEIGHT,
    viewportHeight: rows.rows * GRID_ROW_HEIGHT,
    rowHeight: GRID_ROW_HEIGHT,
    count: channels.length,
  });
  useEffect(() => onRowsInView?.(start, end), [onRowsInView, start, end]);

  const shownFrom = xToTime(columns.firstRow * COLUMN_PX, from) - GRID_TIME_OVERSCAN_MS;
  const shownTo = xToTime((columns.firstRow + columns.rows + 1) * COLUMN_PX, from) + GRID_TIME_OVERSCAN_MS;
  // Each drawn row's times, by node: while rows move, a row still drawn keeps what it shows (nothing to render
  // again) and a row entering shows the visible times only; once still, every row the whole window.
  const shownBy = useRef(new Map<number, { i: number; from: number; to: number }>()).current;
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
    const [row = '0', programId = ''] = cell.split(':');
    const next = { row: Number(row), programId: programId || null };
    if (next.row !== focus?.row || next.programId !== focus?.programId) setFocus(next);
  };

  // The rows drawn, with the tab stop's row kept drawn (and its node kept) wherever it is. Rows are keyed by
  // node, so a row scrolled in takes the node of one that left (decision 0321), scrolling up as well as down:
  // headers and blocks stay in their nodes' order, never moved, as the rows that own them give the reading
  // order (decision 0358).
  const items: number[] = [];
  if (tabStop.row < start) items.push(tabStop.row);
  for (let i = start; i < end; i++) items.push(i);
  if (tabStop.row >= end) items.push(tabStop.row);
  const slots = useRecycledSlots(items, rowIndex, stableSlots);
  // Each drawn row once, for the three things drawn per row: header and blocks in node order, rows in reading
  // order.
  const drawn = slots.flatMap(({ key, item: i }) => {
    const channel = channels[i];
    return channel ? [{ key, i, channel }] : [];
  });
  const reading = drawn.slice().sort((a, b) => a.i - b.i);
  const nowX = now >= from && now < to ? timeToX(now, from) : null;
  // The same elements while the span is the same: the grid renders every frame of a scroll, and a day's marks
  // made again each time were garbage of their own (decision 0357).
  const ruler = useMemo(
    () =>
      rulerMarks(from, to).map((t) => (
        <span key={t} className={styles.mark} style={{ left: timeToX(t, from) }} data-time={t}>
          {formatTime(t)}
        </span>
      )),
    [from, to, formatTime],
  );

  const headerId = (key: number) => `${gridId}-h${key}`;
  const blocksId = (key: number) => `${gridId}-b${key}`;
  return (
    // The scroller holds what is drawn; the grid beside it holds only the rows, which own (aria-owns) each their
    // channel's header, in the sticky column, and blocks, which scroll with the time (decision 0353).
    // biome-ignore lint/a11y/noStaticElementInteractions: the grid's keys and focus, delegated from the buttons inside
    <div
      ref={scroller}
      className={styles.grid}
      data-guide-grid
      data-count={channels.length}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <div
        className={styles.canvas}
        style={{ width: `calc(var(--ok-guide-channel-width) + ${spanWidth}px)` }}
      >
        {/* The ruler names times for the eye; each block's name carries its own times. */}
        <div className={styles.ruler} aria-hidden="true" data-ruler>
          <div className={styles.corner} data-corner />
          <div className={styles.track} style={{ width: spanWidth }}>
            {ruler}
            {nowX !== null && <span className={styles.nowMark} style={{ left: nowX }} />}
          </div>
        </div>
        <div className={styles.rows} style={{ height: channels.length * GRID_ROW_HEIGHT }}>
          {nowX !== null && (
            <div
              className={styles.nowLine}
              style={{ left: `calc(var(--ok-guide-channel-width) + ${nowX}px)` }}
              data-testid="guide-now-line"
              data-time={now}
              aria-hidden="true"
            />
          )}
          {/* The channel column: one sticky element holding every drawn row's header (decision 0353). */}
          <div className={styles.channels}>
            {drawn.map(({ key, i, channel }) => (
              <GridChannel
                key={key}
                id={headerId(key)}
                index={i}
                channel={channel}
                selected={channel.id === selectedChannelId}
                tabStop={tabStop.row === i ? tabStop.programId : undefined}
                messages={messages}
                onSelectChannel={onSelectChannel}
              />
            ))}
          </div>
          {drawn.map(({ key, i, channel }) => {
            const shown = shownFor(key, i);
            return (
              <GridBlocks
                key={key}
                id={blocksId(key)}
                index={i}
                channel={channel}
                programmes={programmes.get(channel.id)}
                from={from}
                to={to}
                shownFrom={shown.from}
                shownTo={shown.to}
                tabStop={tabStop.row === i ? tabStop.programId : undefined}
                formatTime={formatTime}
                messages={messages}
                onProgramme={onProgramme}
              />
            );
          })}
          {/* biome-ignore lint/a11y/useSemanticElements: a table cannot hold absolutely placed, virtualised rows and blocks */}
          <div role="grid" aria-label={label} aria-rowcount={channels.length} className={styles.semantics}>
            {reading.map(({ key, i, channel }) => (
              // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: the focus is on the buttons it owns (a roving tab stop), as the ARIA grid pattern allows
              <div
                key={key}
                role="row"
                aria-rowindex={i + 1}
                aria-owns={`${headerId(key)} ${blocksId(key)}`}
                data-channel-id={channel.id}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** A block's texts, kept per block object: a row drawn again (a scroll across, a row back in view) reuses them. */
const textsOf = new WeakMap<
  GuideGridProgramme,
  { channelName: string; messages: Messages; formatTime: unknown; shownTime: string; name: string }
>();

/**
 * The block's time ("20:00 – 21:00"), the same as shown after the title (a space first, so the visible text
 * reads "title time" and stays part of the name for axe), and its accessible name (channel, title, time,
 * action, lock).
 */
function blockTexts(
  p: GuideGridProgramme,
  channelName: string,
  messages: Messages,
  formatTime: (epochMs: number) => string,
) {
  const known = textsOf.get(p);
  if (
    known &&
    known.channelName === channelName &&
    known.messages === messages &&
    known.formatTime === formatTime
  )
    return known;
  const time = formatMessage(messages.programmeTime, {
    start: formatTime(p.start),
    stop: formatTime(p.stop),
  });
  const lock = p.lock ?? 'none';
  let name = channelName;
  for (const part of [
    p.title,
    time,
    p.action === 'none' ? '' : messages[actionText[p.action]],
    lock === 'lock' ? messages.actionLocked : lock === 'purchase' ? messages.actionPurchase : '',
  ])
    if (part) name = name ? `${name}, ${part}` : part;
  const texts = { channelName, messages, formatTime, shownTime: ` ${time}`, name };
  textsOf.set(p, texts);
  return texts;
}

const rowIndex = (i: number) => i;
const programmeId = (p: GuideGridProgramme) => p.programId;

/** The sticky channel column's width, read from the layout (a token that a phone narrows). */
function channelWidth(grid: HTMLElement): number {
  return grid.querySelector<HTMLElement>('[data-corner]')?.offsetWidth ?? 0;
}
function rulerHeight(grid: HTMLElement): number {
  return grid.querySelector<HTMLElement>('[data-ruler]')?.offsetHeight ?? 0;
}

interface GridChannelProps {
  /** The id its row owns it by (aria-owns). */
  id: string;
  index: number;
  channel: GuideGridChannel;
  selected: boolean;
  /** The row holds the grid's tab stop: its programme id, or null for the channel; undefined: not here. */
  tabStop: string | null | undefined;
  messages: Messages;
  onSelectChannel?: (channelId: string) => void;
}

/**
 * One channel's header, in the sticky channel column; its row owns it. One sticky column rather than a sticky
 * header per row: each sticky header was a composited layer of its own, made for every row scrolling in, and that
 * was most of a frame's cost while scrolling (decision 0353).
 */
const GridChannel = memo(function GridChannel({
  id,
  index,
  channel,
  selected,
  tabStop,
  messages,
  onSelectChannel,
}: GridChannelProps) {
  const channelName = [
    channel.name,
    formatMessage(messages.channelNumber, { number: channel.number }),
    channel.locked ? messages.noLiveAuthority : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: the channel's button takes the focus
    <div
      id={id}
      role="rowheader"
      className={styles.channel}
      style={{ top: index * GRID_ROW_HEIGHT, height: GRID_ROW_HEIGHT }}
      data-channel-id={channel.id}
      data-state={selected ? 'selected' : undefined}
    >
      <button
        type="button"
        className={styles.channelButton}
        data-cell={cellKey(index, null)}
        data-kind="channel"
        tabIndex={tabStop === null ? 0 : -1}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelectChannel?.(channel.id)}
      >
        {/* The name is the hidden text (channel, number, lock); what shows says the same to the eye. */}
        <VisuallyHidden>{channelName}</VisuallyHidden>
        <span className={styles.number} aria-hidden="true">
          {channel.number}
        </span>
        <ChannelLogo
          src={channel.logoUrl}
          name={channel.name}
          size={32}
          className={styles.logo}
          fallback={false}
        />
        <span className={styles.channelName} aria-hidden="true">
          {channel.name}
        </span>
        {channel.locked ? <LockIcon size={14} className={styles.lock} /> : null}
      </button>
    </div>
  );
});

interface GridBlocksProps {
  id: string;
  index: number;
  channel: GuideGridChannel;
  programmes: readonly GuideGridProgramme[] | undefined;
  from: number;
  to: number;
  shownFrom: number;
  shownTo: number;
  /** The row holds the grid's tab stop: its programme id, or null for the channel; undefined: not here. */
  tabStop: string | null | undefined;
  formatTime: (epochMs: number) => string;
  messages: Messages;
  onProgramme?: (channelId: string, programme: GuideGridProgramme) => void;
}

/** One channel's blocks in (or near) view; its row owns them. Re-renders only when its inputs change. */
const GridBlocks = memo(function GridBlocks({
  id,
  index,
  channel,
  programmes,
  from,
  to,
  shownFrom,
  shownTo,
  tabStop,
  formatTime,
  messages,
  onProgramme,
}: GridBlocksProps) {
  const shown = programmes ? inWindow(programmes, Math.max(from, shownFrom), Math.min(to, shownTo)) : [];
  const focused = programmes?.find((p) => p.programId === tabStop);
  // The tab stop's block stays drawn out of view, in its place by time (the DOM's order is the reading order).
  if (focused && !shown.includes(focused)) {
    const at = shown.findIndex((p) => p.start > focused.start);
    shown.splice(at < 0 ? shown.length : at, 0, focused);
  }
  // Blocks are keyed by node too: those entering take the nodes of those that left, across channels when the
  // row itself was reused.
  const blocks = useRecycledSlots(shown, programmeId);
  return (
    <div
      id={id}
      className={styles.blocks}
      style={{ top: index * GRID_ROW_HEIGHT, height: GRID_ROW_HEIGHT }}
      data-channel-id={channel.id}
      data-blocks
    >
      {programmes === undefined ? <span className={styles.loading} aria-hidden="true" /> : null}
      {blocks.map(({ key, item: p }) => {
        const box = blockBox(p, from, to);
        if (!box) return null;
        const lock = p.lock ?? 'none';
        const { shownTime, name } = blockTexts(p, channel.name, messages, formatTime);
        return (
          // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: the block's button takes the focus
          <div key={key} role="gridcell" className={styles.cell} style={{ left: box.left, width: box.width }}>
            <button
              type="button"
              className={styles.block}
              data-cell={cellKey(index, p.programId)}
              data-kind="programme"
              data-program-id={p.programId}
              data-start={p.start}
              data-stop={p.stop}
              data-state={p.status}
              data-action={p.action}
              data-lock={lock}
              tabIndex={tabStop === p.programId ? 0 : -1}
              aria-current={p.current ? 'true' : undefined}
              aria-disabled={p.action === 'none' ? 'true' : undefined}
              aria-label={name}
              onClick={() => (p.action === 'none' ? undefined : onProgramme?.(channel.id, p))}
            >
              <span className={styles.title}>{p.title}</span>
              <span className={styles.time}>
                {lock === 'lock' ? (
                  <LockIcon size={12} />
                ) : lock === 'purchase' ? (
                  <CartIcon size={12} />
                ) : null}
                {shownTime}
              </span>
            </button>
          </div>
        );
      })}
    </div>
  );
});
