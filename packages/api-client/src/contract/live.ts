import { z } from 'zod';
import { defineCall } from './call.ts';

/** Every POST carries accountId (spec §7); a guest sends an empty one. */
export const accountScoped = { accountId: z.string().max(64).optional() };

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
  request: z.object({ ...accountScoped }).strict(),
  response: z.object({
    channelColumnInfo: z.array(channelColumnSchema),
    channelListInfo: z.array(channelSchema),
    channelListLatestUpdateTimeTs: z.number().int(),
    kidsModeSwitch: z.boolean(),
  }),
});

export const liveCalls = { channelList };
