import { useStore } from '@nanostores/react';
import {
  ChannelRow,
  EmptyTip,
  Spinner,
  scrollToShow,
  trackViewportRows,
  useRecycledSlots,
  type ViewportRows,
  visibleRange,
} from '@ottkit/ui';
import type { FocusEvent } from 'react';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { LiveChannel } from '../../lib/liveLineup.ts';
import {
  $activeColumn,
  $columnChannels,
  $selectedChannelId,
  FAVORITES_COLUMN,
} from '../../stores/channels.ts';
import { programmeHidden } from '../../lib/guideMask.ts';
import { $todayPrograms, nowAndNext } from '../../stores/epg.ts';
import { $guideMask } from '../../stores/guideMask.ts';
import { $lineupComplete } from '../../stores/lineupLoad.ts';
import { $t } from '../../stores/lang.ts';
import { $pointedChannelId } from '../../stores/warmChannels.ts';
import { favoriteAction, zap } from './actions.ts';
import styles from './live.module.css';

/** Height of one channel row (the UI kit's --ok-channel-row-height). */
export const ROW_HEIGHT = 64;
/** The viewport height assumed before the first layout (the server render). */
const FIRST_VIEWPORT_HEIGHT = 640;

/** Stable across renders, so memoised rows do not re-render for a new callback. */
function toggleFavoriteFromRow(logicalChannelId: string, next: boolean) {
  void favoriteAction(logicalChannelId, next);
}

/** The row under the pointer or focus is kept warm for an instant zap (issue 20 §1). */
function pointAt(logicalChannelId: string) {
  if ($pointedChannelId.get() !== logicalChannelId) $pointedChannelId.set(logicalChannelId);
}

/** One positioned row; re-renders only when its channel, place or active state changes. */
const ChannelItem = memo(function ChannelItem({
  channel,
  index,
  count,
  active,
  currentProgramme,
  currentProgrammeStill,
}: {
  channel: LiveChannel;
  index: number;
  /** How many channels the whole list has (only the rows near the viewport are in the DOM). */
  count: number;
  active: boolean;
  currentProgramme?: string;
  currentProgrammeStill: boolean;
}) {
  return (
    <li
      className={styles.channelItem}
      // A screen reader announces the row's place in the whole category, not among the rows rendered.
      aria-setsize={count}
      aria-posinset={index + 1}
      style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
      onPointerEnter={() => pointAt(channel.logicalChannelId)}
      onFocus={() => pointAt(channel.logicalChannelId)}
    >
      <ChannelRow
        channel={channel}
        active={active}
        currentProgramme={currentProgramme}
        currentProgrammeStill={currentProgrammeStill}
        onSelect={zap}
        onToggleFavorite={toggleFavoriteFromRow}
      />
    </li>
  );
});

/**
 * The channels of the active category, virtualised: only the rows near the viewport are in the DOM, so an
 * operator's 500-channel line-up scrolls like a short one.
 */
export function ChannelList({ now }: { now: number }) {
  const channels = useStore($columnChannels);
  const column = useStore($activeColumn);
  const complete = useStore($lineupComplete);
  const t = useStore($t);
  // A category outside the first screenful the page carried: its channels come with the whole line-up.
  if (channels.length === 0 && !complete) return <Spinner label={t('common.loading')} />;
  if (channels.length === 0) {
    return <EmptyTip text={column === FAVORITES_COLUMN ? t('live.favoritesEmpty') : t('live.columnEmpty')} />;
  }
  return <VirtualChannels channels={channels} column={column} now={now} />;
}

function VirtualChannels({
  channels,
  column,
  now,
}: {
  channels: LiveChannel[];
  column: string;
  now: number;
}) {
  const selected = useStore($selectedChannelId);
  const today = useStore($todayPrograms);
  const t = useStore($t);
  const complete = useStore($lineupComplete);
  const viewport = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState<ViewportRows>({
    firstRow: 0,
    rows: Math.ceil(FIRST_VIEWPORT_HEIGHT / ROW_HEIGHT),
  });

  // Scrolling re-renders the list only when a row enters or leaves the viewport, at most once a frame; the
  // listener is passive (it never delays the scroll).
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const tracker = trackViewportRows({
      rowHeight: ROW_HEIGHT,
      read: () => ({ scrollTop: el.scrollTop, viewportHeight: el.clientHeight || FIRST_VIEWPORT_HEIGHT }),
      // Rendered within the frame that measured, so the rows entering are painted with the scroll.
      onChange: (next) => flushSync(() => setRows(next)),
      requestFrame: (callback) => requestAnimationFrame(callback),
    });
    // Measured on the first frame rather than now: reading the layout here would force it mid-hydration.
    tracker.schedule();
    el.addEventListener('scroll', tracker.schedule, { passive: true });
    const observer = new ResizeObserver(tracker.schedule);
    observer.observe(el);
    return () => {
      tracker.stop();
      el.removeEventListener('scroll', tracker.schedule);
      observer.disconnect();
    };
  }, []);

  // Bring the selected channel into view when it changes (zap from the player, a reminder, a shared link), the
  // category does, or the whole line-up arrived after its first screenful (decision 0297); not when the
  // line-up's flags change (authority, favourites) under a scrolled list.
  const channelsRef = useRef(channels);
  channelsRef.current = channels;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on a new selection, category or whole line-up only
  useEffect(() => {
    const el = viewport.current;
    const index = channelsRef.current.findIndex((c) => c.logicalChannelId === selected);
    if (!el || index < 0) return;
    el.scrollTop = scrollToShow(index, el.scrollTop, el.clientHeight, ROW_HEIGHT);
  }, [selected, column, complete]);

  const mask = useStore($guideMask);
  // A programme hidden from the profile (decision 0310) shows the catalogue's short neutral text, still.
  const current = useMemo(() => {
    const on = today.programs.length > 0 ? nowAndNext(today.programs, now).now : undefined;
    if (!on || !programmeHidden(on.ageRating, mask)) return { title: on?.title, still: false };
    return { title: t('profiles.rated.hiddenShort'), still: true };
  }, [today, now, mask, t]);
  // The row holding the keyboard focus stays drawn (and keeps its node) when it scrolls out of the window, so
  // the focus is not lost, nor moved to another channel by a reused row (decision 0321).
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const row = Number((e.target as HTMLElement).closest('li')?.getAttribute('aria-posinset')) - 1;
    if (row >= 0 && row !== focusedRow) setFocusedRow(row);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!viewport.current?.contains(e.relatedTarget as Node | null)) setFocusedRow(null);
  };

  const { start, end } = visibleRange({
    scrollTop: rows.firstRow * ROW_HEIGHT,
    viewportHeight: rows.rows * ROW_HEIGHT,
    rowHeight: ROW_HEIGHT,
    count: channels.length,
  });
  const wanted: number[] = [];
  const pinned = focusedRow !== null && focusedRow < channels.length ? focusedRow : -1;
  if (pinned >= 0 && pinned < start) wanted.push(pinned);
  for (let i = start; i < end; i++) wanted.push(i);
  if (pinned >= end) wanted.push(pinned);
  // Rows are keyed by node, not by channel: a row scrolled in takes the node of one that left.
  const slots = useRecycledSlots(wanted, rowIndex);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only follows where the focus is (the rows' buttons take it)
    <div
      ref={viewport}
      className={styles.channelViewport}
      data-count={channels.length}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <ul className={styles.channelList} style={{ height: channels.length * ROW_HEIGHT }}>
        {slots.map(({ key, item: i }) => {
          const channel = channels[i];
          if (!channel) return null;
          const active = channel.logicalChannelId === selected;
          return (
            <ChannelItem
              key={key}
              channel={channel}
              index={i}
              count={channels.length}
              active={active}
              currentProgramme={active ? current.title : undefined}
              currentProgrammeStill={active && current.still}
            />
          );
        })}
      </ul>
    </div>
  );
}

const rowIndex = (i: number) => i;
