import type { Channel } from '@ottkit/api-client';
import { isApiError } from '@ottkit/api-client';
import { atom } from 'nanostores';
import type { MessageKey } from '../i18n/index.ts';
import { browserApi } from '../lib/api.ts';

export type LivePlayback =
  | { state: 'idle' }
  | { state: 'loading'; logicalChannelId: string }
  | { state: 'ready'; logicalChannelId: string; url: string }
  | { state: 'error'; logicalChannelId: string; messageKey: MessageKey };

/** The signed stream address of the channel being watched. */
export const $livePlayback = atom<LivePlayback>({ state: 'idle' });

/** Asks the server for the channel's signed live URL; the latest request wins when the viewer zaps quickly. */
export async function loadLivePlayback(channel: Channel) {
  const { logicalChannelId } = channel;
  $livePlayback.set({ state: 'loading', logicalChannelId });
  try {
    const { url } = await browserApi.live.playSource({ logicalChannelId, kind: 'live' });
    if ($livePlayback.get().state === 'loading' && current() === logicalChannelId) {
      $livePlayback.set({ state: 'ready', logicalChannelId, url });
    }
  } catch (e) {
    if (current() !== logicalChannelId) return;
    $livePlayback.set({ state: 'error', logicalChannelId, messageKey: errorKey(e) });
  }
}

function current() {
  const p = $livePlayback.get();
  return p.state === 'idle' ? null : p.logicalChannelId;
}

/** The spec §8 text for a failed playback request. */
function errorKey(e: unknown): MessageKey {
  if (!isApiError(e)) return 'error.unavailableSource';
  switch (e.name) {
    case 'NetworkError':
      return 'error.network';
    case 'TimeoutError':
      return 'error.timeout';
    case 'ServerError':
      return 'error.internal';
    case 'ContentUnavailableError':
      return 'error.contentUnavailable';
    default:
      return 'error.unavailableSource';
  }
}
