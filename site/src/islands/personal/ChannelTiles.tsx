import type { ReactNode } from 'react';
import { liveChannelHref } from '../../lib/navigation.ts';

/** A channel as the personal pages, search and home show it: logo, number and name, a link to watch it. */
export interface ChannelTile {
  logicalChannelId: string;
  logicalChannelName: string;
  iconUrl: string;
  /** The channel number, when known (play history entries carry none). */
  channelSeq?: number;
}

interface Props {
  channels: readonly ChannelTile[];
  /** The list's accessible name. */
  label?: string;
  /** A control after a tile's link (e.g. Delete in the play history). */
  action?: (channel: ChannelTile) => ReactNode;
  /** `grid` wraps (personal pages, search); `row` scrolls sideways (home). */
  layout?: 'grid' | 'row';
}

/**
 * Channel tiles. Pure markup with no state: Astro renders it on the server as it is (home,
 * favourites, search), and the play-history island renders the same tiles with a Delete button each.
 */
export default function ChannelTiles({ channels, label, action, layout = 'grid' }: Props) {
  return (
    <ul className="channel-tiles" data-layout={layout} aria-label={label}>
      {channels.map((c) => (
        <li key={c.logicalChannelId} className="channel-tiles__item">
          <a href={liveChannelHref(c.logicalChannelId)} className="channel-tiles__link">
            <img src={c.iconUrl} alt="" width={96} height={54} loading="lazy" decoding="async" />
            <span>
              {c.channelSeq === undefined
                ? c.logicalChannelName
                : `${c.channelSeq} · ${c.logicalChannelName}`}
            </span>
          </a>
          {action?.(c)}
        </li>
      ))}
    </ul>
  );
}
