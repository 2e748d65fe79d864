import { useStore } from '@nanostores/react';
import { ChannelRow, EmptyTip } from '@ottkit/ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { favoriteAction, zap } from './actions.ts';
import {
  $columnChannels,
  $activeColumn,
  $selectedChannelId,
  FAVORITES_COLUMN,
} from '../../stores/channels.ts';
import { $todayPrograms, nowAndNext } from '../../stores/epg.ts';
import { $t } from '../../stores/lang.ts';
import styles from './live.module.css';
import { scrollToShow, visibleRange } from './virtualWindow.ts';

/** Height of one channel row (the UI kit's --ok-channel-row-height). */
export const ROW_HEIGHT = 64;

/**
 * The channels of the active category, virtualised: only the rows near the viewport are in the DOM, so an
 * operator's 500-channel line-up scrolls like a short one.
 */
export function ChannelList({ now }: { now: number }) {
  const channels = useStore($columnChannels);
  const column = useStore($activeColumn);
  const selected = useStore($selectedChannelId);
  const today = useStore($todayPrograms);
  const t = useStore($t);
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(640);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight || 640);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Bring the selected channel into view when it changes (zap from the player, a reminder, a shared link).
  useEffect(() => {
    const el = viewport.current;
    const index = channels.findIndex((c) => c.logicalChannelId === selected);
    if (!el || index < 0) return;
    el.scrollTop = scrollToShow(index, el.scrollTop, el.clientHeight, ROW_HEIGHT);
  }, [selected, channels]);

  if (channels.length === 0) {
    return <EmptyTip text={column === FAVORITES_COLUMN ? t('live.favoritesEmpty') : t('live.columnEmpty')} />;
  }
  const { start, end } = visibleRange({
    scrollTop,
    viewportHeight: height,
    rowHeight: ROW_HEIGHT,
    count: channels.length,
  });
  const current = today.programs.length > 0 ? nowAndNext(today.programs, now).now : null;
  return (
    <div
      ref={viewport}
      className={styles.channelViewport}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      data-count={channels.length}
    >
      <ul className={styles.channelList} style={{ height: channels.length * ROW_HEIGHT }}>
        {channels.slice(start, end).map((channel, i) => (
          <li
            key={channel.logicalChannelId}
            className={styles.channelItem}
            style={{ top: (start + i) * ROW_HEIGHT, height: ROW_HEIGHT }}
          >
            <ChannelRow
              channel={channel}
              active={channel.logicalChannelId === selected}
              currentProgramme={channel.logicalChannelId === selected ? current?.title : undefined}
              onSelect={zap}
              onToggleFavorite={(id, next) => void favoriteAction(id, next)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
