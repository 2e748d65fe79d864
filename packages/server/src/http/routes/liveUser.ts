import {
  favoriteCreate,
  favoriteDelete,
  favoriteList,
  playHistoryCreate,
  playHistoryDelete,
  playHistoryList,
  subscribeCreate,
  subscribeDelete,
  subscribeList,
} from '@ottkit/api-client';
import { addFavorites, favoriteList as listFavorites, removeFavorites } from '../../domain/favorites.ts';
import {
  addPlayHistory,
  playHistoryList as listHistory,
  removePlayHistory,
} from '../../domain/playHistory.ts';
import { subscribe, subscriptionList, unsubscribe } from '../../domain/subscriptions.ts';
import { route } from '../route.ts';
import { sessionOf } from './account.ts';
import { profileId } from './profileContext.ts';

/** The user's own live data; every call needs a logged-in user (guests get LOGIN_REQUIRED, spec §5, §6). */
export const liveUserRoutes = [
  route(playHistoryList, async (ctx) => ({
    playHistoryList: await listHistory(ctx.db, await profileId(ctx)),
  })),
  route(playHistoryCreate, async (ctx, req) => ({
    playHistoryList: await addPlayHistory(
      ctx.db,
      sessionOf(ctx).accountId,
      await profileId(ctx),
      req.playHistoryList,
      ctx.now(),
    ),
  })),
  route(playHistoryDelete, async (ctx, req) => ({
    playHistoryList: await removePlayHistory(ctx.db, await profileId(ctx), req.playHistoryDeleteList),
  })),
  route(favoriteList, async (ctx) => ({
    favoriteChannelList: await listFavorites(ctx.db, await profileId(ctx)),
  })),
  route(favoriteCreate, async (ctx, req) => ({
    favoriteChannelList: await addFavorites(ctx.db, await profileId(ctx), req.favoriteChannelList),
  })),
  route(favoriteDelete, async (ctx, req) => ({
    favoriteChannelList: await removeFavorites(ctx.db, await profileId(ctx), req.favoriteChannelDeleteList),
  })),
  route(subscribeList, async (ctx) => ({
    subscribeList: await subscriptionList(ctx.db, await profileId(ctx), ctx.now()),
  })),
  route(subscribeCreate, async (ctx, req) => ({
    subscribeList: await subscribe(ctx.db, await profileId(ctx), req.subscribeList, ctx.now()),
  })),
  route(subscribeDelete, async (ctx, req) => ({
    subscribeList: await unsubscribe(ctx.db, await profileId(ctx), req.subscribeDeleteList, ctx.now()),
  })),
];
