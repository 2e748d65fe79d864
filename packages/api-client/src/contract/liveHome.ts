import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped } from './liveCommon.ts';

/** A channel as shown in short lists (top channels, home row). */
const channelBrief = {
  logicalChannelId: z.string(),
  logicalChannelName: z.string(),
  channelSeq: z.number().int(),
  iconUrl: z.string(),
};

export const topChannels = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/topChannel/v3',
  access: 'public',
  summary:
    'Visible channels ranked by how many users watched them in the last 7 days (play history), then by number.',
  request: z.object({ ...accountScoped, size: z.number().int().min(1).max(50).optional() }).strict(),
  response: z.object({
    topChannelList: z.array(
      z.object({ rank: z.number().int(), ...channelBrief, playCount: z.number().int() }),
    ),
  }),
});

export const topSearches = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/v1/channel/search/top/query',
  access: 'public',
  summary: 'Popular search keywords (spec §9 page size 10): the names of the most watched channels.',
  request: z.object({ ...accountScoped, pageSize: z.number().int().min(1).max(50).optional() }).strict(),
  response: z.object({
    topSearchList: z.array(
      z.object({ rank: z.number().int(), keyword: z.string(), logicalChannelId: z.string() }),
    ),
  }),
});

/**
 * Data kinds the update check knows: the line-up, the caller's authority, the guide, and the caller's
 * favourites, play history and programme subscriptions.
 */
export const liveDataTypeSchema = z.enum([
  'channel',
  'authority',
  'epg',
  'favorite',
  'playHistory',
  'subscribe',
]);
export type LiveDataType = z.output<typeof liveDataTypeSchema>;

export const updateCheck = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/update/v4',
  access: 'public',
  summary:
    'Per data kind: modified since the client timestamp (updateStatus 1) and how long to wait before refetching ' +
    '(updateDelay, ms, spreads the load); timestamp is the server value to send next time.',
  request: z
    .object({
      ...accountScoped,
      dataChecks: z
        .array(z.object({ dataType: liveDataTypeSchema, timestamp: z.number().int().nonnegative() }).strict())
        .min(1)
        .max(20),
    })
    .strict(),
  response: z.object({
    dataStates: z.array(
      z.object({
        dataType: liveDataTypeSchema,
        /** 1 modified since the given timestamp, 0 unchanged. */
        updateStatus: z.union([z.literal(0), z.literal(1)]),
        updateDelay: z.number().int().nonnegative(),
        timestamp: z.number().int(),
      }),
    ),
  }),
});

export const homeRecommend = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/v2/channel/home/manual/recommend/query',
  access: 'public',
  summary: "The operator's hand-picked channels for the home page, with what is on now.",
  request: z.object({ ...accountScoped }).strict(),
  response: z.object({
    recommendList: z.array(
      z.object({
        seq: z.number().int(),
        ...channelBrief,
        liveAuthority: z.boolean(),
        currentProgram: z
          .object({
            programId: z.string(),
            title: z.string(),
            start: z.number().int(),
            stop: z.number().int(),
          })
          .nullable(),
      }),
    ),
  }),
});

export const trackerList = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/v5/tracker/list',
  access: 'public',
  summary: 'Tracker addresses for peer-to-peer live streaming of one tracker type (operator configuration).',
  request: z
    .object({
      ...accountScoped,
      trackerType: z.string().min(1).max(32),
      accountName: z.string().max(128).optional(),
    })
    .strict(),
  response: z.object({ trackerList: z.array(z.object({ trackerType: z.string(), address: z.string() })) }),
});

export const liveHomeCalls = { topChannels, topSearches, updateCheck, homeRecommend, trackerList };
