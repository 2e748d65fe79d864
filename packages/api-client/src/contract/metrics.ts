import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped } from './live.ts';

const playerMode = z.enum(['live', 'timeshift', 'catchup', 'vod']);
const ms = z
  .number()
  .int()
  .nonnegative()
  .max(7 * 24 * 3600 * 1000);
const common = {
  /** Unique per event (a UUID): the server keeps the first copy and ignores repeats, so retries are safe. */
  eventId: z.string().min(8).max(64),
  /** When it happened, epoch ms. */
  ts: z.number().int().positive(),
  /** Channel, programme or title id the player was given. */
  sourceId: z.string().max(128).optional(),
};

/** The telemetry events of spec §7, as the player emits them. */
export const telemetryEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...common,
    type: z.literal('livePlayData'),
    startedAt: z.number().int(),
    watchedMs: ms,
    timeshift: z.boolean(),
  }),
  z.object({
    ...common,
    type: z.literal('playError'),
    mode: playerMode,
    code: z.string().max(64),
    message: z.string().max(500),
  }),
  z.object({
    ...common,
    type: z.literal('playbackData'),
    startedAt: z.number().int(),
    watchedMs: ms,
    position: z.number().nonnegative(),
  }),
  z.object({
    ...common,
    type: z.literal('vodPlayData'),
    startedAt: z.number().int(),
    watchedMs: ms,
    position: z.number().nonnegative(),
  }),
  z.object({
    ...common,
    type: z.literal('streamSla'),
    mode: playerMode,
    startupMs: ms.nullable(),
    stalls: z.number().int().nonnegative(),
    stallMs: ms,
    bitrateSwitches: z.number().int().nonnegative(),
    errors: z.number().int().nonnegative(),
    /** Channel change: the viewer's key or click to the new channel's first frame (only on a zap), ms. */
    zapMs: ms.optional(),
  }),
  /**
   * The player is playing this source now: at its first frame and every minute while it plays (issue 37). What
   * the console's "viewers now" counts, until the session's end (one of the play-data events above) arrives.
   */
  z.object({
    ...common,
    type: z.literal('watching'),
    mode: playerMode,
    /**
     * Live only (issue 41): how far the picture on screen is behind the source, ms: the wall clock minus the
     * EXT-X-PROGRAM-DATE-TIME of the frame shown, the median over the minute since the last `watching`.
     */
    latencyMs: ms.optional(),
    /** Live only: whether the player ran in low-latency mode (LL-HLS parts) for that minute. */
    lowLatency: z.boolean().optional(),
  }),
]);
export type TelemetryEventPayload = z.output<typeof telemetryEventSchema>;

/**
 * Metrics batch post (spec §7). Its body travels as the compressed form body (`bodyFormat`, see call.ts), so
 * `navigator.sendBeacon` can deliver it as a tab closes; plain JSON is accepted too.
 */
export const metricsBatchPost = defineCall({
  area: 'metrics',
  method: 'POST',
  path: '/dataReport/metric/batchpost/v1',
  access: 'public',
  bodyFormat: 'compressedForm',
  summary: 'Stores a batch of player telemetry events; repeats of an eventId are ignored.',
  request: z.object({ ...accountScoped, events: z.array(telemetryEventSchema).min(1).max(200) }).strict(),
  response: z.object({ accepted: z.number().int(), duplicates: z.number().int() }),
});

export const metricsCalls = { metricsBatchPost };
