import type { ChannelColumn } from '@ottkit/api-client';
import { atom, computed } from 'nanostores';
import { type LiveChannel, type PackedChannel, unpackLineup } from '../lib/liveLineup.ts';
import { $rights, withRights } from './authority.ts';
import { $favoriteIds, setFavorites } from './favorites.ts';

/** The category that lists the viewer's favourite channels, beside the operator's columns. */
export const FAVORITES_COLUMN = 'favorites';

/** The line-up as the server rendered it (the fields /liveTv uses); islands on /liveTv share it. */
export const $channels = atom<LiveChannel[]>([]);
export const $channelColumns = atom<ChannelColumn[]>([]);
/** The logical channel id being watched (`?id=` on /liveTv). */
export const $selectedChannelId = atom<string | null>(null);
/** The category (column id, or FAVORITES_COLUMN) the channel list shows. */
export const $activeColumn = atom<string>('');

/**
 * Up to this many channels the page's props carry the whole line-up (500 are ~120 KB of HTML); above, only
 * the first screenful of the opening category and the selected channel (10,000 channels were 2.4 MB), and the
 * island loads the rest through the channel list call, revalidated from its kept answer (decision 0297).
 */
export const WHOLE_LINEUP_MAX = 300;
/** Rows of the opening category the props carry above WHOLE_LINEUP_MAX: a tall screen's worth and more. */
export const FIRST_SCREEN_ROWS = 30;

/** The line-up with the latest authority answer and favourites laid over the server-rendered flags. */
export const $lineup = computed([$channels, $rights, $favoriteIds], (channels, rights, favorites) =>
  channels.map((c) => {
    const withAuth = withRights(c, rights);
    const isFavorite = favorites.has(c.logicalChannelId);
    return withAuth.isFavorite === isFavorite ? withAuth : { ...withAuth, isFavorite };
  }),
);

/** Channels of one category in channel-number order. */
export function channelsInColumn<C extends Pick<LiveChannel, 'isFavorite' | 'columnIds' | 'channelSeq'>>(
  lineup: readonly C[],
  column: string,
): C[] {
  const list =
    column === FAVORITES_COLUMN
      ? lineup.filter((c) => c.isFavorite)
      : column
        ? lineup.filter((c) => c.columnIds.includes(column))
        : [...lineup];
  return list.sort((a, b) => a.channelSeq - b.channelSeq);
}

export const $columnChannels = computed([$lineup, $activeColumn], channelsInColumn);

export const $selectedChannel = computed([$lineup, $selectedChannelId], (channels, id) =>
  id ? (channels.find((c) => c.logicalChannelId === id) ?? null) : null,
);

/**
 * Seeds the stores from server-rendered props (the packed line-up of lib/liveLineup.ts): once per page load in
 * the browser, and on every render on the server, where the stores are shared by all requests (the island
 * renders synchronously right after, so one request's line-up cannot leak into another's HTML).
 */
export function initLineup(
  lineup: readonly PackedChannel[],
  columns: ChannelColumn[],
  selectedId: string | null,
) {
  if (typeof window !== 'undefined' && $channels.get().length > 0) return;
  const channels = unpackLineup(lineup);
  $channels.set(channels);
  $channelColumns.set(columns);
  setFavorites(channels.filter((c) => c.isFavorite).map((c) => c.logicalChannelId));
  $selectedChannelId.set(selectedId);
  $activeColumn.set(openingColumn(channels, columns, selectedId));
}

/** The category the page opens on: the selected channel's first, else the first category. */
export function openingColumn(
  channels: readonly Pick<LiveChannel, 'logicalChannelId' | 'columnIds'>[],
  columns: readonly ChannelColumn[],
  selectedId: string | null,
): string {
  const selected = channels.find((c) => c.logicalChannelId === selectedId);
  const first = [...columns].sort((a, b) => a.columnSeq - b.columnSeq)[0];
  return selected?.columnIds[0] ?? first?.columnId ?? '';
}

/**
 * What the page's props carry of a line-up (decision 0297): all of it up to WHOLE_LINEUP_MAX channels, else
 * the first screenful of the opening category and the selected channel.
 */
export function lineupForPage<
  C extends Pick<LiveChannel, 'logicalChannelId' | 'isFavorite' | 'columnIds' | 'channelSeq'>,
>(
  channels: readonly C[],
  columns: readonly ChannelColumn[],
  selectedId: string | null,
): { channels: C[]; complete: boolean } {
  if (channels.length <= WHOLE_LINEUP_MAX) return { channels: [...channels], complete: true };
  const first = channelsInColumn(channels, openingColumn(channels, columns, selectedId)).slice(
    0,
    FIRST_SCREEN_ROWS,
  );
  const selected = channels.find((c) => c.logicalChannelId === selectedId);
  if (selected && !first.includes(selected)) first.push(selected);
  return { channels: first, complete: false };
}

/**
 * When the viewer last asked for another channel (a key, a click, Watch now), epoch ms: the player reports the
 * time from then to the new channel's first frame as the channel-change time (issue 18 §1).
 */
export const $zapStartedAt = atom<number | undefined>(undefined);

/** Selects a channel and keeps `?id=` in the address so a reload or a shared link opens the same one. */
export function selectChannel(logicalChannelId: string) {
  if (logicalChannelId !== $selectedChannelId.get()) $zapStartedAt.set(Date.now());
  $selectedChannelId.set(logicalChannelId);
  if (typeof window !== 'undefined') {
    const url = new URL(window.location.href);
    url.searchParams.set('id', logicalChannelId);
    window.history.replaceState(window.history.state, '', url);
  }
}

/** logicalChannelId → epgId of the line-up (the store's channel-to-epg relations). */
export function epgRelations(
  channels: readonly Pick<LiveChannel, 'logicalChannelId' | 'epgId'>[],
): Record<string, string> {
  return Object.fromEntries(channels.filter((c) => c.epgId).map((c) => [c.logicalChannelId, c.epgId]));
}
