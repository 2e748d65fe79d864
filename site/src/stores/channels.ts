import type { Channel, ChannelColumn } from '@ottkit/api-client';
import { atom, computed } from 'nanostores';

/** The line-up as the server rendered it; islands on /liveTv share it. */
export const $channels = atom<Channel[]>([]);
export const $channelColumns = atom<ChannelColumn[]>([]);
/** The logical channel id being watched (`?id=` on /liveTv). */
export const $selectedChannelId = atom<string | null>(null);

export const $selectedChannel = computed([$channels, $selectedChannelId], (channels, id) =>
  id ? (channels.find((c) => c.logicalChannelId === id) ?? null) : null,
);

/** Seeds the stores from server-rendered props, once per page load. */
export function initLineup(channels: Channel[], columns: ChannelColumn[], selectedId: string | null) {
  if ($channels.get().length === 0) $channels.set(channels);
  if ($channelColumns.get().length === 0) $channelColumns.set(columns);
  if ($selectedChannelId.get() === null) $selectedChannelId.set(selectedId);
}

/** Selects a channel and keeps `?id=` in the address so a reload or a shared link opens the same one. */
export function selectChannel(logicalChannelId: string) {
  $selectedChannelId.set(logicalChannelId);
  if (typeof window !== 'undefined') {
    const url = new URL(window.location.href);
    url.searchParams.set('id', logicalChannelId);
    window.history.replaceState(window.history.state, '', url);
  }
}
