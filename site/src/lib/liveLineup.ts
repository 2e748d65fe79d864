import type { Channel } from '@ottkit/api-client';

/**
 * The channel fields /liveTv renders and acts on (rows, player, guide, favourites, authority, the guide sync's
 * relations). The island gets only these: the physical channels and access rules stay on the server.
 */
export const LIVE_CHANNEL_FIELDS = [
  'logicalChannelId',
  'logicalChannelName',
  'channelSeq',
  'channelType',
  'iconUrl',
  'isFavorite',
  'liveAuthority',
  'playBackAuthority',
  'canPlayBack',
  'playbackDuration',
  'epgId',
  'columnIds',
  'audioPosterList',
  'broadcastOpenTime',
] as const satisfies readonly (keyof Channel)[];

export type LiveChannel = Pick<Channel, (typeof LIVE_CHANNEL_FIELDS)[number]>;

/** One channel as the island's props carry it: its values in LIVE_CHANNEL_FIELDS order, null for absent. */
export type PackedChannel = readonly unknown[];

/** The fields /liveTv uses, nothing else. */
export function toLiveChannel(channel: Channel): LiveChannel {
  const out: Record<string, unknown> = {};
  for (const field of LIVE_CHANNEL_FIELDS) {
    if (channel[field] !== undefined) out[field] = channel[field];
  }
  return out as LiveChannel;
}

/**
 * The line-up as rows of values instead of objects: Astro serialises every prop value with a type tag and
 * escapes it into an HTML attribute, so repeating 14 keys per channel made a 500-channel line-up ~410 KB of
 * HTML; rows make it ~120 KB (decision 0074).
 */
export function packLineup(channels: readonly Channel[]): PackedChannel[] {
  return channels.map((c) => LIVE_CHANNEL_FIELDS.map((field) => c[field] ?? null));
}

/** The inverse of packLineup. */
export function unpackLineup(rows: readonly PackedChannel[]): LiveChannel[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    LIVE_CHANNEL_FIELDS.forEach((field, i) => {
      if (row[i] !== null && row[i] !== undefined) out[field] = row[i];
    });
    return out as LiveChannel;
  });
}
