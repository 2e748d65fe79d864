import type { Channel, ChannelColumn } from '@ottkit/api-client/contract';
import type { Session } from '../http/route.ts';
import { channelsUpdatedAt, listChannels, listColumns, type StoredChannel } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { getSetting } from '../store/settings.ts';

/** What one viewer may do with one channel (spec §6 per-channel rights). */
export interface ChannelRights {
  liveAuthority: boolean;
  playBackAuthority: boolean;
}

/** Decides per-viewer rights; the default lets everyone watch (replaced by subscription-based authority). */
export type RightsFor = (channel: StoredChannel, session: Session | null) => ChannelRights;

export const everyoneMayWatch: RightsFor = (c) => ({ liveAuthority: true, playBackAuthority: c.canPlayBack });

export function toChannel(c: StoredChannel, rights: ChannelRights, isFavorite: boolean): Channel {
  const { productId: _p, updatedAt: _u, ...rest } = c;
  return {
    ...rest,
    isFavorite,
    liveAuthority: rights.liveAuthority,
    playBackAuthority: rights.playBackAuthority,
    physicalChannelList: c.physicalChannelList.map((p) => ({ ...p, ...rights })),
  };
}

export interface ChannelListData {
  channelColumnInfo: ChannelColumn[];
  channelListInfo: Channel[];
  channelListLatestUpdateTimeTs: number;
  kidsModeSwitch: boolean;
}

/** The channel list v5 for one viewer: line-up, columns, their rights and favourites. */
export function channelListFor(
  db: Db,
  session: Session | null,
  rightsFor: RightsFor = everyoneMayWatch,
  favorites: ReadonlySet<string> = new Set(),
): ChannelListData {
  return {
    channelColumnInfo: listColumns(db),
    channelListInfo: listChannels(db).map((c) =>
      toChannel(c, rightsFor(c, session), favorites.has(c.logicalChannelId)),
    ),
    channelListLatestUpdateTimeTs: channelsUpdatedAt(db),
    kidsModeSwitch: getSetting(db, 'kidsModeSwitch') === 'true',
  };
}
