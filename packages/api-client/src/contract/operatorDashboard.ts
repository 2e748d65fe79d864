import { z } from 'zod';
import { defineCall } from './call.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';

/**
 * The console's dashboard (issue 18): viewers now, plays and quality of experience from player telemetry; plays
 * also from what the origin served (issue 37).
 */
export const DASHBOARD_WINDOWS = ['24h', '7d', '30d'] as const;
export type DashboardWindow = (typeof DASHBOARD_WINDOWS)[number];

/**
 * "Now" is a `watching` report in the last minutes and no end of that session since. A player reports every
 * minute while it plays (the player's WATCHING_EVERY_MS) and the site sends it at once: three minutes hold two
 * reports and their delivery, so a viewer counts until a closed laptop has been quiet for that long.
 */
export const VIEWERS_NOW_MINUTES = 3;

const ms = z.number().int().nonnegative().nullable();

export const dashboardBucketSchema = z.object({
  /** Start of the hour (24 h) or UTC day (7 d, 30 d), epoch ms. */
  at: z.number().int(),
  plays: z.number().int(),
  startupP50Ms: ms,
  startupP95Ms: ms,
  /** Channel-change time (key or click to the new channel's first frame), p50 and p95; null without zaps. */
  channelChangeP50Ms: ms.optional(),
  channelChangeP95Ms: ms.optional(),
});
export type DashboardBucket = z.output<typeof dashboardBucketSchema>;

export const dashboardSchema = z.object({
  window: z.enum(DASHBOARD_WINDOWS),
  from: z.number().int(),
  to: z.number().int(),
  bucketMs: z.number().int(),
  viewersNow: z.object({
    minutes: z.number().int(),
    total: z.number().int(),
    channels: z.array(
      z.object({
        sourceId: z.string(),
        /** The line-up's name and number when the source is a channel (decision 0370). */
        name: z.string().optional(),
        number: z.number().int().optional(),
        viewers: z.number().int(),
      }),
    ),
  }),
  /** Each bucket's `plays` counts both kinds, as `qoe.plays` does. */
  buckets: z.array(dashboardBucketSchema),
  qoe: z.object({
    /** Play sessions: those the players reported, and those the origin served that no player reported. */
    plays: z.number().int(),
    /**
     * Of `plays`, those counted by the server alone: a subscriber's play of a channel or title that the origin
     * served, that went quiet, and that no player reported (a tab killed, the network gone, another player).
     */
    playsByServer: z.number().int().optional(),
    startupP50Ms: ms,
    startupP95Ms: ms,
    /** Time stalled over time watched plus stalled, 0 to 1. */
    rebufferingRatio: z.number(),
    /** Channel-change time p50 and p95 over the window's zaps (null without any). */
    channelChangeP50Ms: ms,
    channelChangeP95Ms: ms.optional(),
    /** How many channel changes the players reported in the window. */
    channelChanges: z.number().int().optional(),
    errors: z.number().int(),
  }),
  /** Playback errors by their code; days already rolled up keep only a count, under kind "". */
  errorsByKind: z.array(z.object({ kind: z.string(), count: z.number().int() })),
});
export type Dashboard = z.output<typeof dashboardSchema>;

export const dashboardGet = defineCall({
  area: 'operator',
  method: 'GET',
  path: `${OPERATOR_API_PREFIX}dashboard`,
  access: 'operator',
  roles: ['editor', 'support'],
  summary:
    'Viewers now, plays per hour or day and quality of experience (start-up, channel change, rebuffering, errors).',
  request: z.object({ window: z.enum(DASHBOARD_WINDOWS).optional() }).strict(),
  response: dashboardSchema,
});

export const operatorDashboardCalls = { dashboardGet };
