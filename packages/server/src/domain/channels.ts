import type { Channel, ChannelColumn } from '@ottkit/api-client/contract';
import type { Session } from './sessions.ts';
import { columnsNow, keptChannelsUpdatedAt } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { settingsNow } from '../store/settings.ts';
import type { Viewer } from './accessRules.ts';
import { favoriteIds } from './favorites.ts';
import { currentProfile } from './profiles.ts';
import { type ViewerChannel, viewerLineup } from './lineup.ts';

/** A stored channel with the viewer's fields filled in (spec §3 Channel). */
export function toChannel(v: ViewerChannel, isFavorite: boolean, now: number): Channel {
  const { productId, updatedAt: _u, ...rest } = v.channel;
  const rights = { liveAuthority: v.access.live, playBackAuthority: v.access.catchup };
  const out: Channel = {
    ...rest,
    productId,
    isFavorite,
    ...rights,
    physicalChannelList: v.channel.physicalChannelList.map((p) => ({ ...p, ...rights })),
  };
  if (v.broadcastOpensAt !== undefined) {
    out.broadcastOpenTime = v.broadcastOpensAt;
    out.broadcastStatus = now >= v.broadcastOpensAt ? 1 : 0;
  }
  return out;
}

export interface ChannelListData {
  channelColumnInfo: ChannelColumn[];
  channelListInfo: Channel[];
  channelListLatestUpdateTimeTs: number;
  kidsModeSwitch: boolean;
}

/** The channel list's parts for one viewer: the channels they see, their favourites, and the rest of the answer. */
export async function channelListParts(
  db: Db,
  session: Session | null,
  viewer: Viewer,
  now: number,
  lang = 'en',
): Promise<{
  lineup: ViewerChannel[];
  favorites: Set<string>;
  rest: Omit<ChannelListData, 'channelListInfo'>;
}> {
  const lineup = await viewerLineup(db, session, viewer, now);
  // Favourites are the session's profile's (decision 0285).
  const favorites =
    session?.status === 'user'
      ? await favoriteIds(db, (await currentProfile(db, session, now)).profile_id)
      : new Set<string>();
  const used = new Set(lineup.flatMap((v) => v.channel.columnIds));
  // The broadcast opening flips a flag in the list, so it counts as a change of the line-up.
  const opened = lineup.map((v) => v.broadcastOpensAt ?? 0).filter((t) => t <= now);
  return {
    lineup,
    favorites,
    rest: {
      channelColumnInfo: (await columnsNow(db, lang)).filter((c) => used.has(c.columnId)),
      channelListLatestUpdateTimeTs: Math.max(await keptChannelsUpdatedAt.now(db), ...opened),
      kidsModeSwitch: (await settingsNow(db)).get('kidsModeSwitch') === 'true',
    },
  };
}

/**
 * The channel list v5 for one viewer, column names in `lang`: the columns that still hold a visible channel, the channels the access
 * rules let them see with their authority and favourites, the line-up's last change and the kids-mode switch.
 */
export async function channelListFor(
  db: Db,
  session: Session | null,
  viewer: Viewer,
  now: number,
  lang = 'en',
): Promise<ChannelListData> {
  const { lineup, favorites, rest } = await channelListParts(db, session, viewer, now, lang);
  return {
    channelColumnInfo: rest.channelColumnInfo,
    channelListInfo: lineup.map((v) => toChannel(v, favorites.has(v.channel.logicalChannelId), now)),
    channelListLatestUpdateTimeTs: rest.channelListLatestUpdateTimeTs,
    kidsModeSwitch: rest.kidsModeSwitch,
  };
}
