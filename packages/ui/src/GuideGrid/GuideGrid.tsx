import { useId, useRef } from 'react';
import { useMessages } from '../messages/index.ts';
import { GridBlocks } from './GridBlocks.tsx';
import { GridChannel } from './GridChannel.tsx';
import { GRID_ROW_HEIGHT, timeToX } from './gridLayout.ts';
import { hhmm } from './gridTexts.ts';
import styles from './GuideGrid.module.css';
import { TimeRuler } from './TimeRuler.tsx';
import type { GuideGridProps } from './types.ts';
import { useGridFocus } from './useGridFocus.ts';
import { useGridScroll } from './useGridScroll.ts';
import { useGridWindow } from './useGridWindow.ts';

/**
 * The multi-channel guide: channels down, time across, a now line; programmes are blocks as wide as they last.
 * One scroller moves both ways, so the time ruler (sticky top) and the channel column (sticky left) stay in
 * step with the blocks. Rows are virtualised (500 channels draw ~25 rows) and so is time (blocks half an hour
 * beyond the view at least). Arrow keys move between blocks (Up/Down keep the time), Home/End go to a row's
 * ends, Enter or Space acts; the keys are handled inside the grid only.
 *
 * This component composes; each concern is its own piece (decision 0386): following the scroll
 * (`useGridScroll.ts`), the rows and times drawn (`useGridWindow.ts`), the tab stop and keys (`useGridFocus.ts`),
 * and the drawing (`TimeRuler`, `GridChannel`, `GridBlocks`; the now line is drawn here).
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
  const spanWidth = timeToX(to, from);

  // The scroll is followed before the grid opens on now (their effects run in this order), and the focus moves
  // after both (a layout effect of its own, after every render).
  const viewport = useGridScroll(scroller, { from, to, now, channels, selectedChannelId });
  const { tabStop, onKeyDown, onFocus } = useGridFocus(scroller, {
    channels,
    programmes,
    from,
    to,
    now,
    selectedChannelId,
  });
  const { drawn, reading, shownFor } = useGridWindow(viewport, {
    from,
    channels,
    tabStopRow: tabStop.row,
    onRowsInView,
  });
  const nowX = now >= from && now < to ? timeToX(now, from) : null;

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
        <TimeRuler from={from} to={to} width={spanWidth} nowX={nowX} formatTime={formatTime} />
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
