import {
  type Channel,
  channelList,
  contentAuthority,
  homeRecommend,
  type LiveDataType,
  topChannels,
  topSearches,
  trackerList,
  updateCheck,
} from '@ottkit/api-client';
import { channelListFor, channelListParts } from '../../domain/channels.ts';
import { channelListSignature, channelListText } from '../../domain/channelListText.ts';
import { ensureGuideNow } from '../../domain/epg.ts';
import { favoriteList } from '../../domain/favorites.ts';
import { homeRecommendList, topChannelList, trackerAddresses } from '../../domain/home.ts';
import { viewerLineup } from '../../domain/lineup.ts';
import { playHistoryList } from '../../domain/playHistory.ts';
import { subscriptionList } from '../../domain/subscriptions.ts';
import { changedAt, dataState } from '../../domain/updates.ts';
import { epgUpdatedAt } from '../../store/epg.ts';
import { knownFragment } from '../jsonFragment.ts';
import { type RequestContext, route } from '../route.ts';
import { liveEpgRoutes } from './liveEpg.ts';
import { guideLang, scopeOf, viewerOf } from './liveContext.ts';
import { liveUserRoutes } from './liveUser.ts';
import { profileOfSession } from './profileContext.ts';

/** POST /liveapi/api/v5/channel/unencrypted/list: the line-up for the caller (guest or user). */
export const channelListRoute = route(channelList, async (ctx) => {
  const now = ctx.now();
  const { lineup, favorites, rest } = await channelListParts(
    ctx.db,
    ctx.session,
    await viewerOf(ctx, now),
    now,
    guideLang(ctx),
  );
  // The channels as JSON text joined from kept per-channel texts (decision 0251), only when sent: a revalidation
  // of a known list is answered from its kept digest (decision 0351); the rest serialised as usual.
  const channelListInfo = knownFragment(`channels ${channelListSignature(lineup, favorites, now)}`, () =>
    channelListText(lineup, favorites, now),
  ) as unknown as Channel[];
  return { ...rest, channelListInfo };
});

export const contentAuthorityRoute = route(contentAuthority, async (ctx, req) => {
  const now = ctx.now();
  const broadcastToo = req.supportBroadCast !== false && req.supportBroadCast !== 0;
  const lcList = (await viewerLineup(ctx.db, ctx.session, await viewerOf(ctx, now), now))
    .filter((v) => broadcastToo || v.broadcastOpensAt === undefined)
    .map((v) => ({
      lid: v.channel.logicalChannelId,
      pcList: v.channel.physicalChannelList.map((p) => ({
        cid: p.channelId,
        contentId: p.contentId,
        au: v.au,
      })),
    }));
  return { lcList, serverTime: now };
});

export const topChannelsRoute = route(topChannels, async (ctx, req) => {
  const now = ctx.now();
  return {
    topChannelList: await topChannelList(ctx.db, ctx.session, await viewerOf(ctx, now), now, req.size ?? 10),
  };
});

export const topSearchesRoute = route(topSearches, async (ctx, req) => {
  const now = ctx.now();
  const top = await topChannelList(ctx.db, ctx.session, await viewerOf(ctx, now), now, req.pageSize ?? 10);
  return {
    topSearchList: top.map((t) => ({
      rank: t.rank,
      keyword: t.logicalChannelName,
      logicalChannelId: t.logicalChannelId,
    })),
  };
});

/** What each data kind looks like to this caller now; its fingerprint decides "modified". */
async function currentData(ctx: RequestContext, dataType: LiveDataType, now: number): Promise<unknown> {
  const user = ctx.session?.status === 'user' ? (await profileOfSession(ctx))?.profile_id : undefined;
  switch (dataType) {
    case 'channel': {
      const list = await channelListFor(ctx.db, ctx.session, await viewerOf(ctx, now), now);
      return list.channelListInfo.map(
        ({ isFavorite: _f, liveAuthority: _l, playBackAuthority: _p, ...c }) => ({
          ...c,
          physicalChannelList: c.physicalChannelList.map(
            ({ liveAuthority: _a, playBackAuthority: _b, ...p }) => p,
          ),
        }),
      );
    }
    case 'authority':
      return (await viewerLineup(ctx.db, ctx.session, await viewerOf(ctx, now), now)).map((v) => [
        v.channel.logicalChannelId,
        v.au,
        v.access,
      ]);
    case 'favorite':
      return user ? await favoriteList(ctx.db, user) : [];
    case 'playHistory':
      return user ? await playHistoryList(ctx.db, user) : [];
    case 'subscribe':
      return user ? await subscriptionList(ctx.db, user, now) : [];
    case 'epg':
      return null;
  }
}

export const updateCheckRoute = route(updateCheck, async (ctx, req) => {
  const now = ctx.now();
  const scope = scopeOf(ctx);
  const dataStates = [];
  for (const check of req.dataChecks) {
    if (check.dataType === 'epg') {
      await ensureGuideNow(ctx.db, undefined, now);
      dataStates.push(dataState(scope, 'epg', check.timestamp, await epgUpdatedAt(ctx.db)));
      continue;
    }
    const data = await currentData(ctx, check.dataType, now);
    const changed = await changedAt(ctx.db, scope, check.dataType, data, now);
    dataStates.push(dataState(scope, check.dataType, check.timestamp, changed));
  }
  return { dataStates };
});

export const homeRecommendRoute = route(homeRecommend, async (ctx) => {
  const now = ctx.now();
  return { recommendList: await homeRecommendList(ctx.db, ctx.session, await viewerOf(ctx, now), now) };
});

export const trackerListRoute = route(trackerList, async (ctx, req) => ({
  trackerList: await trackerAddresses(ctx.db, req.trackerType),
}));

export const liveRoutes = [
  channelListRoute,
  contentAuthorityRoute,
  topChannelsRoute,
  topSearchesRoute,
  updateCheckRoute,
  homeRecommendRoute,
  trackerListRoute,
  ...liveEpgRoutes,
  ...liveUserRoutes,
];
