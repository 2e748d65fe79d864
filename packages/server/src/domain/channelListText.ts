import type { StoredChannel } from '../store/channels.ts';
import { toChannel } from './channels.ts';
import type { ViewerChannel } from './lineup.ts';

/**
 * Each channel's JSON text as the channel list gives it, kept per stored channel (so per line-up version: a new
 * version is read into new objects, and these texts go with the old ones) and per what a viewer changes in it:
 * the favourite flag, the live and catch-up rights, the broadcast opening and status (decision 0251). A
 * 10,000-channel list is then joined from kept texts instead of 10,000 objects built and serialised per call.
 */
const texts = new WeakMap<StoredChannel, Map<string, string>>();

function channelText(v: ViewerChannel, isFavorite: boolean, now: number): string {
  const opens = v.broadcastOpensAt;
  const broadcast = opens === undefined ? '' : `${opens}${now >= opens ? 'o' : 'c'}`;
  const key = `${isFavorite ? 1 : 0}${v.access.live ? 1 : 0}${v.access.catchup ? 1 : 0}${broadcast}`;
  let kept = texts.get(v.channel);
  if (!kept) {
    kept = new Map();
    texts.set(v.channel, kept);
  }
  let text = kept.get(key);
  if (text === undefined) {
    text = JSON.stringify(toChannel(v, isFavorite, now));
    kept.set(key, text);
  }
  return text;
}

/** The channels of a channel list as one JSON array text: the same bytes as serialising `toChannel`'s objects. */
export function channelListText(
  lineup: readonly ViewerChannel[],
  favorites: ReadonlySet<string>,
  now: number,
): string {
  return `[${lineup.map((v) => channelText(v, favorites.has(v.channel.logicalChannelId), now)).join(',')}]`;
}
