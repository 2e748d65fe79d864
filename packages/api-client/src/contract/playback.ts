import { z } from 'zod';
import { defineCall } from './call.ts';
import { parentalPinSchema } from './profiles.ts';
import { accountScoped, channelIdSchema } from './liveCommon.ts';

/** Business errors of the playback call (10113xxx, Live API playback). */
export const PlaybackErrCode = {
  /** The programme's window is outside the channel's catch-up window (playbackDuration days) or malformed. */
  CATCHUP_OUT_OF_WINDOW: 10113001,
  /** The programme has not started: there is nothing to catch up yet. */
  CATCHUP_NOT_STARTED: 10113002,
  /** The channel offers no catch-up (canPlayBack off or playbackDuration 0). */
  CATCHUP_NOT_OFFERED: 10113003,
} as const;

/**
 * How to play: `live` (the sliding window), `timeshift` (the DVR playlist from `start`, the current
 * programme's start), `catchup` (the programme [start, stop], epoch ms).
 */
export const playModeSchema = z.enum(['live', 'timeshift', 'catchup']);
export type PlayMode = z.output<typeof playModeSchema>;

const epochMs = z.number().int().nonnegative().max(8.64e15);

export const channelPlaySource = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/playSource/v1',
  access: 'session',
  summary:
    'A signed, expiring play URL for a channel (live, time-shift or a programme’s catch-up); the fallback clip when the caller has no live authority.',
  request: z
    .object({
      ...accountScoped,
      logicalChannelId: channelIdSchema,
      mode: playModeSchema.default('live'),
      /**
       * timeshift (and the `timeshiftUrl` of a live answer): where the DVR playlist starts, by default the start
       * of the programme on air in the server's guide; catchup: programme start.
       */
      start: epochMs.optional(),
      /** catchup: programme stop. */
      stop: epochMs.optional(),
      /** Allows this one play of a programme rated above the profile's maximum (issue 20 §2). */
      parentalPin: parentalPinSchema.optional(),
    })
    .strict(),
  response: z.object({
    /** The master playlist URL (same origin), token included. */
    url: z.string(),
    mode: playModeSchema,
    /** false: `url` is the fallback clip (spec §4: no live authority), show the lock. */
    authorized: z.boolean(),
    /** 'none', 'aes-128' or 'clearkey' (then use `licenseUrl` with the W3C ClearKey format). */
    drmType: z.string(),
    licenseUrl: z.string().optional(),
    /**
     * For Safari (FairPlay), the URL of the physical channel's `safari` entry of its multi-DRM stream map,
     * when it has one.
     */
    safariUrl: z.string().optional(),
    /** Commercial DRM licence servers by EME key system (`com.widevine.alpha`…), as the operator configured. */
    licenseServers: z.record(z.string(), z.string()).optional(),
    /** 5 for an audio channel (spec §3 channelType). */
    channelType: z.number().int(),
    /** Spec §9 quality codes of the renditions, lowest first. */
    mediaQualityList: z.array(z.number().int()),
    /** Epoch ms after which the URL stops working: ask again (the live player renews before, decision 0100). */
    expiresAt: z.number().int(),
    /**
     * Live, with authority: the time-shift (DVR) playlist of the programme on air, from `timeshiftStart` to the
     * live edge, signed as its own kind (a live URL never opens it). Absent when the guide knows no programme.
     */
    timeshiftUrl: z.string().optional(),
    /** Epoch ms where `timeshiftUrl` starts (the programme's start, within the DVR window). */
    timeshiftStart: z.number().int().optional(),
  }),
});

/** The W3C ClearKey licence request (EME §9.1.3): key ids base64url. */
export const clearKeyRequestSchema = z.object({
  kids: z.array(z.string().max(64)).min(1).max(16),
  type: z.enum(['temporary', 'persistent-license']).optional(),
});

/** The W3C ClearKey licence (a JWK set, keys base64url). */
export const clearKeyLicenseSchema = z.object({
  keys: z.array(z.object({ kty: z.literal('oct'), kid: z.string(), k: z.string() })),
  type: z.string(),
});

/**
 * The licence endpoint (spec §7 Other). Not an envelope call: it speaks the W3C ClearKey format that EME
 * and shaka-player send and expect, and takes the media token in the query (`?token=`).
 */
/**
 * A player's prefetch of a neighbouring channel (decision 0201) carries `?…&prefetch=1` on each media request; the
 * origin then never opens an idle relay channel's upstream for it, nor counts it as a viewer (decision 0258). The
 * player (which imports nothing of ours) writes the same name in `prefetch/warm.ts`; the server's
 * `test/prefetch-param.test.ts` fails when the two differ.
 */
export const PREFETCH_QUERY_PARAM = 'prefetch';

export const DRM_LICENSE_PATH = '/drmLicense/drm/adapter/licenseServer/license/v1';

/**
 * What of a channel's past exists to be played back (issue 36). A channel fed by a live source and switched to
 * recording has catch-up only from when its recording began: programmes that ended before have none, and one that
 * began before is recorded in part.
 */
export const catchupRange = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/channel/catchup/range/v1',
  access: 'public',
  readOnly: true,
  summary:
    "What of a channel's past can be played back: all of its catch-up window, or only what it recorded.",
  request: z.object({ ...accountScoped, logicalChannelId: channelIdSchema }).strict(),
  response: z.object({
    /**
     * true: catch-up is cut from the channel's own recording, so only [recordedFrom, now) exists; false: every
     * programme of the channel's catch-up window (canPlayBack, playbackDuration) can be played back.
     */
    recorded: z.boolean(),
    /** recorded: the earliest recorded instant, epoch ms; null while nothing is recorded yet. */
    recordedFrom: epochMs.nullable(),
  }),
});
export type CatchupRange = z.output<typeof catchupRange.response>;

export const playbackCalls = { channelPlaySource, catchupRange };
