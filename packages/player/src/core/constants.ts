/** Business constants of spec §9 that the player enforces. Named so tests and hosts can refer to them. */

/** Time-shift needs at least this much time behind live; clicks closer to live return to live. */
export const TIMESHIFT_MIN_MS = 110_000;
/** A live stream that has not advanced for this long is reloaded. */
export const LIVE_STALL_RELOAD_MS = 60_000;
/**
 * A live channel that has not played for this long is said to be unavailable (issue 36: a dead channel showed a
 * spinner for a minute and more); the player keeps trying behind the notice.
 */
export const LIVE_UNAVAILABLE_MS = 10_000;
/** A live stream that failed (its origin gone, its playlist missing) is loaded again this often, quietly. */
export const LIVE_UNAVAILABLE_RETRY_MS = 10_000;
/** In time-shift, a player error is retried this often … */
export const TIMESHIFT_RETRY_INTERVAL_MS = 2_000;
/** … at most this many times, then the time-shift error tip shows. */
export const TIMESHIFT_MAX_RETRIES = 4;
/**
 * While a session plays, the player reports `watching` at its first frame and this often after (issue 37): what an
 * operator's "viewers now" counts. The server's window (VIEWERS_NOW_MINUTES) holds two of these.
 */
export const WATCHING_EVERY_MS = 60_000;
/**
 * A catch-up programme or film that stands still this close to its end (seconds) for END_STALL_MS has ended:
 * Chromium's media source sometimes never says `ended` when a track's last frame falls a few milliseconds short
 * of the stream's length, and the viewer was left on the last frame instead of the next programme or episode.
 */
export const END_SLACK_S = 0.5;
export const END_STALL_MS = 2_000;
/**
 * Low-latency live (issue 41, decision 0443): this many stalls within LOW_LATENCY_FALLBACK_WINDOW_MS send a channel
 * back to the standard distance for the rest of its session. hls.js already adds a second of target latency per
 * stall (up to one segment); a third stall inside a minute says the network cannot keep up with parts at all, and
 * a viewer would rather be six seconds behind than watch a spinner every twenty.
 */
export const LOW_LATENCY_FALLBACK_STALLS = 3;
export const LOW_LATENCY_FALLBACK_WINDOW_MS = 60_000;
/**
 * The viewer's choice of distance to live (issue 41): `lowest` plays LL-HLS parts where a channel offers them,
 * `stable` keeps the standard three segments behind on every channel.
 */
export const LATENCY_PREFERENCES = ['lowest', 'stable'] as const;
export type LatencyPreference = (typeof LATENCY_PREFERENCES)[number];
/** Where the choice is remembered in this browser (localStorage), for every face and host of the player. */
export const LATENCY_PREFERENCE_KEY = 'ottkit.player.latency';
/** Pause time (catch-up, VOD) is counted in whole seconds. */
export const PAUSE_COUNT_INTERVAL_MS = 1_000;
/** Playback rates offered by the catch-up and VOD dialogs. */
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
/** Aspect-ratio choices of the live player. */
export const ASPECT_RATIOS = ['auto', '16:9', '4:3'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
/** How long each poster of an audio channel or audio item shows. */
export const AUDIO_POSTER_INTERVAL_MS = 5_000;
/** URLs are renewed a quarter of their remaining life before they expire, at most this long before. */
export const RENEW_LEAD_MAX_MS = 60_000;
/** A renewal that failed (or got nothing) is asked again this much later. */
export const RENEW_RETRY_MS = 5_000;
