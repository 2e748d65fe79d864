import { ErrCode } from '@ottkit/api-client';
import { catchupRange } from '@ottkit/api-client/contract';
import { channelVisible } from '../../domain/accessRules.ts';
import { recordedRange } from '../../live/recordedRange.ts';
import { listChannels } from '../../store/channels.ts';
import { HttpError, route } from '../route.ts';
import { viewerOf } from './liveContext.ts';

/** POST /liveapi/api/channel/catchup/range/v1: what of a channel's past exists to be played back (issue 36). */
export const catchupRangeRoute = route(catchupRange, async (ctx, req) => {
  const c = (await listChannels.now(ctx.db)).find((x) => x.logicalChannelId === req.logicalChannelId);
  // A channel hidden from this viewer by its access rules is as absent as an unknown one.
  if (!c || !channelVisible(c.contentRuleList, await viewerOf(ctx, ctx.now()))) {
    throw new HttpError(ErrCode.CHANNEL_NOT_FOUND, `No channel '${req.logicalChannelId}'`);
  }
  return recordedRange(ctx.db, ctx.config.dataDir, c.logicalChannelId);
});
