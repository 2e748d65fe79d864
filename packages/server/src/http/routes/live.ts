import { channelList } from '@ottkit/api-client/contract';
import { channelListFor } from '../../domain/channels.ts';
import { route } from '../route.ts';

/** POST /liveapi/api/v5/channel/unencrypted/list: the line-up for the caller (guest or user). */
export const channelListRoute = route(channelList, (ctx) => channelListFor(ctx.db, ctx.session));

export const liveRoutes = [channelListRoute];
