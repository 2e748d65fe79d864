import type { Channel, PlayHistory } from '@ottkit/api-client';
import type { ChannelTile } from '../islands/personal/ChannelTiles.tsx';
import { needsLogin } from '../stores/vodFavorites.ts';
import type { serverApi } from './api.ts';

/**
 * What a personal live section shows: the list, a login prompt (guests: spec §6 favourites and history are
 * for users), or a failure to load.
 */
export type PersonalLive<T> = { status: 'ready'; items: T[] } | { status: 'login' } | { status: 'failed' };

type Api = ReturnType<typeof serverApi>;

async function personal<T>(token: string | undefined, load: () => Promise<T[]>): Promise<PersonalLive<T>> {
  if (!token) return { status: 'login' };
  try {
    return { status: 'ready', items: await load() };
  } catch (e) {
    if (needsLogin(e)) return { status: 'login' };
    console.error('personal live list failed', e);
    return { status: 'failed' };
  }
}

/**
 * The user's favourite channels in the order they were added, as tiles: the favourite list says which, the
 * viewer's line-up says how they look (a favourite the access rules now hide is left out).
 */
export function favoriteChannels(api: Api, token: string | undefined): Promise<PersonalLive<ChannelTile>> {
  return personal(token, async () => {
    const [{ favoriteChannelList }, { channelListInfo }] = await Promise.all([
      api.live.favoriteList({}),
      api.live.channelList({}),
    ]);
    const byId = new Map<string, Channel>(channelListInfo.map((c) => [c.logicalChannelId, c]));
    return favoriteChannelList.flatMap(({ logicalChannelId }) => {
      const c = byId.get(logicalChannelId);
      return c
        ? [
            {
              logicalChannelId,
              logicalChannelName: c.logicalChannelName,
              iconUrl: c.iconUrl,
              channelSeq: c.channelSeq,
            },
          ]
        : [];
    });
  });
}

/** The channels the user watched, newest first (spec §7 play history list). */
export function watchedChannels(api: Api, token: string | undefined): Promise<PersonalLive<PlayHistory>> {
  return personal(token, async () => (await api.live.playHistoryList({})).playHistoryList);
}
