import { contract } from '@ottkit/api-client/contract';
import { bannerList } from '../../domain/vod/banners.ts';
import { type Route, route } from '../route.ts';
import { viewerOf } from './vodViewer.ts';

/** POST /liveapi/api/channel/banner/list/v1: the home (or a VOD category's) banner carousel. */
export const bannerRoutes: Route[] = [
  route(contract.live.bannerList, async (ctx, req) => ({
    bannerList: await bannerList(ctx.db, await viewerOf(ctx), req.vodType),
  })),
];
