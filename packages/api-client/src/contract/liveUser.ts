import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped, channelIdSchema } from './liveCommon.ts';

/** Most entries a list call answers (spec §9 history list page size 100) and a create call accepts. */
export const LIVE_LIST_LIMIT = 100;

export const playHistorySchema = z.object({
  logicalChannelId: z.string(),
  /** The programme watched; '' for live without a known programme. */
  programId: z.string(),
  playType: z.enum(['live', 'catchup']),
  /** When it was watched, epoch ms. */
  playTime: z.number().int(),
  /** How long it was watched, ms. */
  duration: z.number().int().nonnegative(),
  logicalChannelName: z.string(),
  iconUrl: z.string(),
});
export type PlayHistory = z.output<typeof playHistorySchema>;

const playHistoryListResponse = z.object({ playHistoryList: z.array(playHistorySchema) });

export const playHistoryList = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/play/history/list',
  access: 'user',
  summary: 'Channels the user watched, newest first (one entry per channel, at most 100).',
  request: z.object({ ...accountScoped }).strict(),
  response: playHistoryListResponse,
});

export const playHistoryCreate = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/play/history/create',
  access: 'user',
  summary: 'Records what the user watched; a newer entry for a channel replaces the older one.',
  request: z
    .object({
      ...accountScoped,
      playHistoryList: z
        .array(
          z
            .object({
              logicalChannelId: channelIdSchema,
              programId: z.string().max(128).default(''),
              playType: z.enum(['live', 'catchup']).default('live'),
              playTime: z.number().int().positive(),
              duration: z.number().int().nonnegative().default(0),
            })
            .strict(),
        )
        .min(1)
        .max(LIVE_LIST_LIMIT),
    })
    .strict(),
  response: playHistoryListResponse,
});

export const playHistoryDelete = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/play/history/delete',
  access: 'user',
  summary: 'Removes channels from the play history (unknown ids are ignored).',
  request: z
    .object({ ...accountScoped, playHistoryDeleteList: z.array(channelIdSchema).min(1).max(500) })
    .strict(),
  response: playHistoryListResponse,
});

export const favoriteSchema = z.object({ logicalChannelId: z.string(), updateTime: z.number().int() });
const favoriteListResponse = z.object({ favoriteChannelList: z.array(favoriteSchema) });

export const favoriteList = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/favorite/list',
  access: 'user',
  summary: "The user's favourite channels, in the order they were added.",
  request: z.object({ ...accountScoped }).strict(),
  response: favoriteListResponse,
});

export const favoriteCreate = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/favorite/create',
  access: 'user',
  summary: 'Adds favourite channels (login required); answers the whole list after the change.',
  request: z
    .object({
      ...accountScoped,
      favoriteChannelList: z
        .array(
          z.object({ logicalChannelId: channelIdSchema, updateTime: z.number().int().positive() }).strict(),
        )
        .min(1)
        .max(500),
    })
    .strict(),
  response: favoriteListResponse,
});

export const favoriteDelete = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/favorite/delete',
  access: 'user',
  summary: 'Removes favourite channels (login required); answers the whole list after the change.',
  request: z
    .object({ ...accountScoped, favoriteChannelDeleteList: z.array(channelIdSchema).min(1).max(500) })
    .strict(),
  response: favoriteListResponse,
});

export const epgStatusSchema = z.enum(['notStart', 'playing', 'finished']);
export type EpgStatus = z.output<typeof epgStatusSchema>;

/** Programme subscription (spec §3), for the reminder two minutes before start (spec §4). */
export const programSubscriptionSchema = z.object({
  programId: z.string(),
  logicalChannelId: z.string(),
  start: z.number().int(),
  stop: z.number().int(),
  programme: z.string(),
  channelName: z.string(),
  iconUrl: z.string(),
  epgStatus: epgStatusSchema,
  /**
   * True when the programme is rated above the session profile's maximum (issue 20 §2, decision 0310): its
   * title is left out (`programme` is empty) and clients show a neutral text. Absent otherwise.
   */
  ratedAbove: z.boolean().optional(),
});
export type ProgramSubscription = z.output<typeof programSubscriptionSchema>;

const subscribeListResponse = z.object({ subscribeList: z.array(programSubscriptionSchema) });
const subscribeItem = z
  .object({ logicalChannelId: channelIdSchema, programId: z.string().min(1).max(128) })
  .strict();

export const subscribeList = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/programs/commercial/subscribe/list',
  access: 'user',
  summary: "The user's programme subscriptions by start time (ended more than a day ago: dropped).",
  request: z.object({ ...accountScoped }).strict(),
  response: subscribeListResponse,
});

export const subscribeCreate = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/programs/commercial/subscribe/create',
  access: 'user',
  summary: 'Subscribes to programmes that have not started; answers the whole list after the change.',
  request: z.object({ ...accountScoped, subscribeList: z.array(subscribeItem).min(1).max(100) }).strict(),
  response: subscribeListResponse,
});

export const subscribeDelete = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/programs/commercial/subscribe/delete',
  access: 'user',
  summary: 'Removes programme subscriptions (Ignore, Watch now); answers the whole list after the change.',
  request: z
    .object({ ...accountScoped, subscribeDeleteList: z.array(subscribeItem).min(1).max(500) })
    .strict(),
  response: subscribeListResponse,
});

export const liveUserCalls = {
  playHistoryList,
  playHistoryCreate,
  playHistoryDelete,
  favoriteList,
  favoriteCreate,
  favoriteDelete,
  subscribeList,
  subscribeCreate,
  subscribeDelete,
};
