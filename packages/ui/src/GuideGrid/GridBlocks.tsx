import { memo } from 'react';
import { CartIcon, LockIcon } from '../icons/index.ts';
import type { Messages } from '../messages/index.ts';
import { useRecycledSlots } from '../virtual/index.ts';
import { blockBox, GRID_ROW_HEIGHT, inWindow } from './gridLayout.ts';
import { cellKey } from './gridDom.ts';
import { blockTexts } from './gridTexts.ts';
import styles from './GuideGrid.module.css';
import type { GuideGridChannel, GuideGridProgramme } from './types.ts';

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

const programmeId = (p: GuideGridProgramme) => p.programId;

/**
 * One channel's blocks in (or near) view; its row owns them. Re-renders only when its inputs change. Its cells
 * are drawn inline, not as a component each: a component per cell would add a fiber and a props comparison to
 * every block of every row scrolling in, for nothing, as the row already re-renders only when they change.
 */
export const GridBlocks = memo(function GridBlocks({
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
