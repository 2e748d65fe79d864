import { memo } from 'react';
import { ChannelLogo } from '../ChannelLogo/ChannelLogo.tsx';
import { LockIcon } from '../icons/index.ts';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import type { Messages } from '../messages/index.ts';
import { GRID_ROW_HEIGHT } from './gridLayout.ts';
import { cellKey } from './gridDom.ts';
import { channelText } from './gridTexts.ts';
import styles from './GuideGrid.module.css';
import type { GuideGridChannel } from './types.ts';

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
export const GridChannel = memo(function GridChannel({
  id,
  index,
  channel,
  selected,
  tabStop,
  messages,
  onSelectChannel,
}: GridChannelProps) {
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
        <VisuallyHidden>{channelText(channel, messages)}</VisuallyHidden>
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
