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
import { profileId } from './profileContext.ts';

/** The user's own live data; every call needs a logged-in user (guests get LOGIN_REQUIRED, spec §5, §6). */
export const liveUserRoutes = [
  route(playHistoryList, (ctx) => ({ playHistoryList: listHistory(ctx.db, profileId(ctx)) })),
  route(playHistoryCreate, (ctx, req) => ({
    playHistoryList: addPlayHistory(ctx.db, profileId(ctx), req.playHistoryList, ctx.now()),
  })),
  route(playHistoryDelete, (ctx, req) => ({
    playHistoryList: removePlayHistory(ctx.db, profileId(ctx), req.playHistoryDeleteList),
  })),
  route(favoriteList, (ctx) => ({ favoriteChannelList: listFavorites(ctx.db, profileId(ctx)) })),
  route(favoriteCreate, (ctx, req) => ({
    favoriteChannelList: addFavorites(ctx.db, profileId(ctx), req.favoriteChannelList),
  })),
  route(favoriteDelete, (ctx, req) => ({
    favoriteChannelList: removeFavorites(ctx.db, profileId(ctx), req.favoriteChannelDeleteList),
  })),
  route(subscribeList, (ctx) => ({ subscribeList: subscriptionList(ctx.db, profileId(ctx), ctx.now()) })),
  route(subscribeCreate, (ctx, req) => ({
    subscribeList: subscribe(ctx.db, profileId(ctx), req.subscribeList, ctx.now()),
  })),
  route(subscribeDelete, (ctx, req) => ({
    subscribeList: unsubscribe(ctx.db, profileId(ctx), req.subscribeDeleteList, ctx.now()),
  })),
];
