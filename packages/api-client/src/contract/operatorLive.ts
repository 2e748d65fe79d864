import { z } from 'zod';
import { defineCall } from './call.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';

/**
 * Issue 17's live sources over operator calls (decision 0255): a channel's sources in priority order, its mode,
 * the transcode options, and health per source. Editors (and admins) change them; support reads them.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}live/${rest}`;

export const LIVE_SOURCE_STATES = ['idle', 'starting', 'live', 'failing', 'failed'] as const;
/**
 * Why a source failed, as a code the console says in the operator's language (decision 0370): ffmpeg's and the
 * upstream's own words stay in the server log. `other` is any failure none of the others names.
 */
export const LIVE_ERROR_CODES = [
  'address',
  'internal-address',
  'refused',
  'unreachable',
  'denied',
  'not-found',
  'upstream-error',
  'closed',
  'timeout',
  'stalled',
  'damaged',
  'codec',
  'no-video',
  'no-stream',
  'disk-full',
  'packager',
  'other',
] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];
export const LIVE_CHANNEL_MODES = ['relay', 'record'] as const;
/**
 * `copy`: the input's H.264 is remuxed; `h264`: HEVC or MPEG-2 video is transcoded to H.264; `ladder`: any video
 * is transcoded into several H.264 renditions (1080/720/360 scaled to the input) a player adapts between.
 */
export const LIVE_VIDEO_OPTIONS = ['copy', 'h264', 'ladder'] as const;
/** At most this many sources per channel (the primary and its backups). */
export const MAX_LIVE_SOURCES = 8;
export const MAX_RETENTION_DAYS = 30;

/** The inputs a channel takes (issue 17); the server checks each further (no `file://` outside the media folder). */
export const liveSourceUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter a source address')
  .max(2000)
  .regex(
    /^(hls\+https?|srt|rtmp|udp|file):\/\/\S+$/i,
    'Use hls+http(s)://, srt://, rtmp://, udp:// or file://',
  );

export const liveSourceHealthSchema = z.object({
  position: z.number().int(),
  /** The URL with passwords and passphrases masked. */
  url: z.string(),
  /** `import`: the line-up import's stream URL (the channel has no sources of its own). */
  origin: z.enum(['operator', 'import']),
  state: z.enum(LIVE_SOURCE_STATES),
  /** Bits per second of what was packaged recently (remux: about the input's). */
  bitrate: z.number().int(),
  videoCodec: z.string().optional(),
  audioCodec: z.string().optional(),
  resolution: z.string().optional(),
  /** Why the source last failed (decision 0370); absent when it did not. */
  lastError: z.enum(LIVE_ERROR_CODES).optional(),
  lastErrorAt: z.number().int().optional(),
  /** A source that is not live: since when (epoch ms) no signal came, its first failure since it was last live. */
  downSince: z.number().int().optional(),
});
export type LiveSourceHealth = z.output<typeof liveSourceHealthSchema>;

/**
 * The window of a channel's playback figures (issue 41, decision 0444): the last hour, so the live inputs screen
 * says how the channel plays now, not how it played this morning.
 */
export const LIVE_PLAYBACK_WINDOW_MS = 3_600_000;

/** p50 and p95 of one measure, ms, by nearest rank, over `count` reported values. */
const playbackQuantilesSchema = z.object({
  p50Ms: z.number().int(),
  p95Ms: z.number().int(),
  count: z.number().int(),
});
export type PlaybackQuantiles = z.output<typeof playbackQuantilesSchema>;

/**
 * What the players reported of a channel over the last hour (`LIVE_PLAYBACK_WINDOW_MS`); a measure no player
 * reported in it is null. Decision 0444 says where each comes from and how exact it is.
 */
export const livePlaybackSchema = z.object({
  /**
   * Source to screen: the `watching` reports' `latencyMs`, one value per viewer and minute, kept to two
   * significant figures (the value is its bucket's lower edge: within 100 ms between 1 and 10 s).
   * `lowLatencyShare`: the part of those minutes played in low-latency mode, 0-1.
   */
  latency: playbackQuantilesSchema.extend({ lowLatencyShare: z.number().min(0).max(1) }).nullable(),
  /** Start-up (play to first frame), from the `streamSla` events' `startupMs`: exact. */
  startup: playbackQuantilesSchema.nullable(),
  /** Channel change (key or click to the new channel's first frame), from their `zapMs`: exact. */
  channelChange: playbackQuantilesSchema.nullable(),
});
export type LivePlayback = z.output<typeof livePlaybackSchema>;

export const liveChannelSchema = z.object({
  channelId: z.string(),
  name: z.string(),
  mode: z.enum(LIVE_CHANNEL_MODES),
  retentionDays: z.number().int(),
  video: z.enum(LIVE_VIDEO_OPTIONS),
  /** Whether ottkit runs the channel's ffmpeg now (a relay channel is idle without viewers). */
  running: z.boolean(),
  /** Position of the source on air now. */
  activeSource: z.number().int().optional(),
  /**
   * Position of the source an operator switched to (decision 0383): held on air, with no return to the primary,
   * until it fails or the sources change.
   */
  askedSource: z.number().int().optional(),
  viewers: z.number().int(),
  /** How the channel played for its viewers over the last hour, from the players' telemetry (issue 41). */
  playback: livePlaybackSchema,
  switches24h: z.number().int(),
  /** Bytes the channel's recording (or relay buffer) takes on disk. */
  diskBytes: z.number().int(),
  /** Recording stopped because the disk is full (an alarm). */
  diskFull: z.boolean().optional(),
  sources: z.array(liveSourceHealthSchema),
  /**
   * In a cluster, the server that packages the channel (holds its packager lock, decision 0317), by its host name
   * (decision 0370: the lock's `host:pid:id` is the log's), and since when (epoch ms); absent while none does.
   */
  packager: z.object({ server: z.string(), since: z.number().int() }).optional(),
});
export type LiveChannelView = z.output<typeof liveChannelSchema>;

export const liveChannels = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('channels'),
  access: 'operator',
  roles: ['editor', 'support'],
  summary:
    'Channels with live sources and their health per source: state, input bitrate, codecs, resolution, last ' +
    'error, switches in the last 24 h, viewers now, disk use, and the players’ figures of the last hour (delay ' +
    'to viewers, start-up and channel-change time, p50 and p95). With channelId: that channel, with or without ' +
    'sources.',
  request: z
    .object({
      channelId: z.string().min(1).max(128).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
      offset: z.coerce.number().int().min(0).optional(),
    })
    .strict(),
  response: z.object({ channels: z.array(liveChannelSchema), total: z.number().int() }),
});

export const liveSourcesSet = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('sources/set'),
  access: 'operator',
  roles: ['editor'],
  summary:
    'Sets a channel’s sources (primary first), its mode (relay on demand, or record with a retention) and its ' +
    'transcode option; the running channel applies them at once. A masked URL sent back keeps its password.',
  request: z
    .object({
      channelId: z.string().min(1).max(128),
      sources: z.array(liveSourceUrlSchema).max(MAX_LIVE_SOURCES, `At most ${MAX_LIVE_SOURCES} sources`),
      mode: z.enum(LIVE_CHANNEL_MODES),
      retentionDays: z
        .number()
        .int()
        .min(1, 'At least 1 day')
        .max(MAX_RETENTION_DAYS, `At most ${MAX_RETENTION_DAYS} days`)
        .optional(),
      video: z.enum(LIVE_VIDEO_OPTIONS).optional(),
    })
    .strict(),
  response: z.object({ channel: liveChannelSchema }),
});

/** What a source carries, read before it is saved (decision 0382); `error` says why it could not be read. */
export const liveSourceTestResultSchema = z.object({
  ok: z.boolean(),
  videoCodec: z.string().optional(),
  audioCodec: z.string().optional(),
  /** `1280x720`. */
  resolution: z.string().optional(),
  /** Bits per second, when the input says. */
  bitrate: z.number().int().optional(),
  error: z.enum(LIVE_ERROR_CODES).optional(),
});
export type LiveSourceTestResult = z.output<typeof liveSourceTestResultSchema>;

export const liveSourceTest = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('sources/test'),
  access: 'operator',
  roles: ['editor'],
  summary:
    'Reads one source address for up to 10 s, as a channel would (the same rules; an HLS pull judged and read ' +
    'through the relay), and says its codecs, resolution and bitrate, or why it cannot be read. Nothing is ' +
    'stored. With channelId, a masked URL stands for that channel’s stored one. Two tests at once per server.',
  request: z
    .object({
      url: liveSourceUrlSchema,
      channelId: z.string().min(1).max(128).optional(),
    })
    .strict(),
  response: liveSourceTestResultSchema,
});

export const liveSourceSwitch = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('sources/switch'),
  access: 'operator',
  roles: ['editor'],
  summary:
    'Puts a channel’s source on air now, out of turn: it takes over as soon as it delivers (the viewers see no ' +
    'gap) and stays on air, with no return to the primary, until it fails or the sources change. Position 1 ' +
    'brings the primary back at once.',
  request: z
    .object({
      channelId: z.string().min(1).max(128),
      position: z.number().int().min(1).max(MAX_LIVE_SOURCES),
    })
    .strict(),
  response: z.object({ channel: liveChannelSchema }),
});

/** One five-minute bucket of a channel's last 24 h (decision 0387). */
export const liveHealthBucketSchema = z.object({
  /** The bucket's start, epoch ms. */
  at: z.number().int(),
  /** Mean input bitrate on air while the channel ran, bits/s; null where it did not run. */
  bitrate: z.number().int().nullable(),
  switches: z.number().int(),
  /** Sources that failed (a stall, a refused or closed connection, an unreadable stream). */
  errors: z.number().int(),
});
export type LiveHealthBucket = z.output<typeof liveHealthBucketSchema>;

export const liveHealthHistory = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('history'),
  access: 'operator',
  roles: ['editor', 'support'],
  summary:
    'A channel’s health over the last 24 h in five-minute buckets, oldest first: mean bitrate on air, source ' +
    'switches and source failures. A bucket where the channel did not run has no bitrate.',
  request: z.object({ channelId: z.string().min(1).max(128) }).strict(),
  response: z.object({ bucketMs: z.number().int(), buckets: z.array(liveHealthBucketSchema) }),
});

export const operatorLiveCalls = {
  liveChannels,
  liveSourcesSet,
  liveSourceTest,
  liveSourceSwitch,
  liveHealthHistory,
};
