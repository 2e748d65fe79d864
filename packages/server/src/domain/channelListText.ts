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

/** What a viewer changes in a channel's text (the text is a function of the stored channel and this). */
function viewerKey(v: ViewerChannel, isFavorite: boolean, now: number): string {
  const opens = v.broadcastOpensAt;
  const broadcast = opens === undefined ? '' : `${opens}${now >= opens ? 'o' : 'c'}`;
  return `${isFavorite ? 1 : 0}${v.access.live ? 1 : 0}${v.access.catchup ? 1 : 0}${broadcast}`;
}

function channelText(v: ViewerChannel, isFavorite: boolean, now: number): string {
  const key = viewerKey(v, isFavorite, now);
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

/** A number per stored channel object (so per line-up version), for the lists' signatures. */
const serials = new WeakMap<StoredChannel, number>();
let nextSerial = 0;
function serialOf(channel: StoredChannel): number {
  let serial = serials.get(channel);
  if (serial === undefined) {
    serial = nextSerial++;
    serials.set(channel, serial);
  }
  return serial;
}

/**
 * What a channel list's text is a function of (decision 0351): each listed stored channel and its viewer key, in
 * order. Two calls with the same signature get the same bytes, so the digest of a text made once answers for it.
 */
export function channelListSignature(
  lineup: readonly ViewerChannel[],
  favorites: ReadonlySet<string>,
  now: number,
): string {
  return lineup
    .map((v) => `${serialOf(v.channel)}:${viewerKey(v, favorites.has(v.channel.logicalChannelId), now)}`)
    .join(';');
}
