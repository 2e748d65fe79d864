import { atom } from 'nanostores';
import { promptNoAuthority } from '../../stores/authority.ts';
import { $lineup, selectChannel } from '../../stores/channels.ts';
import { toggleFavorite } from '../../stores/favorites.ts';

export type LiveNoticeKey = 'live.favoriteFailed' | 'live.subscribeFailed' | 'live.catchupFailed';
/** A short message under the player after a failed action, cleared by the next action. */
export const $liveNotice = atom<LiveNoticeKey | null>(null);

/** The favourite toggle of the channel rows and the player: guests get the login prompt (spec §5, §6). */
export async function favoriteAction(logicalChannelId: string, favorite: boolean) {
  $liveNotice.set(null);
  const outcome = await toggleFavorite(logicalChannelId, favorite);
  if (outcome === 'login') promptNoAuthority();
  if (outcome === 'failed') $liveNotice.set('live.favoriteFailed');
}

/** Zapping from the list: a channel without live authority still plays its fallback clip, and the viewer is
 * asked to log in (guest) or offered a purchase (user). */
export function zap(logicalChannelId: string) {
  selectChannel(logicalChannelId);
  const channel = $lineup.get().find((c) => c.logicalChannelId === logicalChannelId);
  if (channel && !channel.liveAuthority) promptNoAuthority();
}
