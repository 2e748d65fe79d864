import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped } from './live.ts';
import { bannerItemSchema, vodTypeSchema } from './vodSchemas.ts';

export const bannerList = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/banner/list/v1',
  access: 'public',
  summary:
    'The banner carousel: VOD titles, VOD lists and live channels, in order; historyEpisode per session.',
  request: z
    .object({
      ...accountScoped,
      /** Only the banners of one VOD category page; the home carousel when omitted. */
      vodType: vodTypeSchema.optional(),
    })
    .strict(),
  response: z.object({ bannerList: z.array(bannerItemSchema) }),
});

export const bannerCalls = { bannerList };
