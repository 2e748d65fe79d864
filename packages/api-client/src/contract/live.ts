import { z } from 'zod';
import { defineCall } from './call.ts';
import { epgCalls } from './liveEpg.ts';
import { accountScoped } from './liveCommon.ts';
import { liveHomeCalls } from './liveHome.ts';
import { liveUserCalls } from './liveUser.ts';

export * from './liveCommon.ts';
export * from './liveEpg.ts';
export * from './liveHome.ts';
export * from './liveUser.ts';

const drmSafariMap = z.object({ safari: z.string().optional() }).catchall(z.string());

export const physicalChannelSchema = z.object({
  channelId: z.string(),
  liveStreamId: z.string(),
  dvrStreamId: z.string(),
  streamId: z.string(),
  contentId: z.string(),
  dvrContentId: z.string(),
  drmType: z.string(),
  resolution: z.string(),
  multiDrmLiveStreamIdMap: drmSafariMap,
  multiDrmDvrStreamIdMap: drmSafariMap,
  liveAuthority: z.boolean(),
  playBackAuthority: z.boolean(),
});

export const contentRuleSchema = z.object({
  ruleCategory: z.enum(['basic', 'except']),
  action: z.enum(['allow', 'deny']),
  ruleType: z.enum(['ip', 'mac', 'region', 'account']),
  /** Comma-separated values; ip values accept `*` wildcards. */
  ruleValue: z.string(),
});

/** Channel (spec §3). channelType and sourceType 5 mean an audio channel. */
export const channelSchema = z.object({
  logicalChannelId: z.string(),
  logicalChannelName: z.string(),
  channelSeq: z.number().int(),
  channelId: z.string(),
  channelType: z.number().int(),
  sourceType: z.number().int(),
  iconUrl: z.string(),
  isFavorite: z.boolean(),
  liveAuthority: z.boolean(),
  playBackAuthority: z.boolean(),
  canPlayBack: z.boolean(),
  /** Catch-up window in days. */
  playbackDuration: z.number().int().nonnegative(),
  epgId: z.string(),
  audioPosterList: z.array(z.object({ url: z.string() })),
  liveStreamId: z.string(),
  drmType: z.string(),
  /** Column (category) ids the channel is listed under. */
  columnIds: z.array(z.string()),
  physicalChannelList: z.array(physicalChannelSchema),
  contentRuleList: z.array(contentRuleSchema),
  /** The subscription product that grants the channel; 'free' for free channels (purchase prompts). */
  productId: z.string().optional(),
  /** Set on the broadcast (national) channel only: when it opens, epoch ms (decision 0050). */
  broadcastOpenTime: z.number().int().optional(),
  /** Broadcast channel only: 0 before it opens, 1 once open (the status flag that flips). */
  broadcastStatus: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type Channel = z.output<typeof channelSchema>;

export const channelColumnSchema = z.object({
  columnId: z.string(),
  columnName: z.string(),
  columnSeq: z.number().int(),
});
export type ChannelColumn = z.output<typeof channelColumnSchema>;

export const channelList = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/v5/channel/unencrypted/list',
  access: 'public',
  summary: 'The channel line-up with its columns (categories).',
  // 10,000 channels are megabytes that rarely change: an ETag, and 304 to If-None-Match (decision 0296).
  revalidate: true,
  readOnly: true,
  request: z.object({ ...accountScoped }).strict(),
  response: z.object({
    channelColumnInfo: z.array(channelColumnSchema),
    channelListInfo: z.array(channelSchema),
    channelListLatestUpdateTimeTs: z.number().int(),
    kidsModeSwitch: z.boolean(),
  }),
});

/** One authority entry (spec §3): k live or catchup; exp -1 forever, 0 none, else epoch ms; sup 1 supported. */
export const auSchema = z.object({
  k: z.enum(['live', 'catchup']),
  exp: z.number().int(),
  sup: z.union([z.literal(0), z.literal(1)]),
});
export type AuEntry = z.output<typeof auSchema>;

export const contentAuthority = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/content/authority/v1',
  access: 'public',
  summary:
    "The caller's live and catch-up authority per logical channel (lid) and physical channel (cid); " +
    'supportBroadCast false leaves the broadcast channel out.',
  request: z
    .object({
      ...accountScoped,
      /** The client kind asking (e.g. 'web'); accepted for compatibility, it does not change the answer. */
      originType: z.union([z.string().max(32), z.number().int()]).optional(),
      supportBroadCast: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
    })
    .strict(),
  response: z.object({
    lcList: z.array(
      z.object({
        lid: z.string(),
        pcList: z.array(z.object({ cid: z.string(), contentId: z.string(), au: z.array(auSchema) })),
      }),
    ),
    /** The server's clock, epoch ms, so a client can judge exp without trusting its own clock. */
    serverTime: z.number().int(),
  }),
});

export const liveCalls = { channelList, contentAuthority, ...epgCalls, ...liveUserCalls, ...liveHomeCalls };
