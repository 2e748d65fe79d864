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
import { userId } from './liveContext.ts';

/** The user's own live data; every call needs a logged-in user (guests get LOGIN_REQUIRED, spec §5, §6). */
export const liveUserRoutes = [
  route(playHistoryList, (ctx) => ({ playHistoryList: listHistory(ctx.db, userId(ctx)) })),
  route(playHistoryCreate, (ctx, req) => ({
    playHistoryList: addPlayHistory(ctx.db, userId(ctx), req.playHistoryList, ctx.now()),
  })),
  route(playHistoryDelete, (ctx, req) => ({
    playHistoryList: removePlayHistory(ctx.db, userId(ctx), req.playHistoryDeleteList),
  })),
  route(favoriteList, (ctx) => ({ favoriteChannelList: listFavorites(ctx.db, userId(ctx)) })),
  route(favoriteCreate, (ctx, req) => ({
    favoriteChannelList: addFavorites(ctx.db, userId(ctx), req.favoriteChannelList),
  })),
  route(favoriteDelete, (ctx, req) => ({
    favoriteChannelList: removeFavorites(ctx.db, userId(ctx), req.favoriteChannelDeleteList),
  })),
  route(subscribeList, (ctx) => ({ subscribeList: subscriptionList(ctx.db, userId(ctx), ctx.now()) })),
  route(subscribeCreate, (ctx, req) => ({
    subscribeList: subscribe(ctx.db, userId(ctx), req.subscribeList, ctx.now()),
  })),
  route(subscribeDelete, (ctx, req) => ({
    subscribeList: unsubscribe(ctx.db, userId(ctx), req.subscribeDeleteList, ctx.now()),
  })),
];
