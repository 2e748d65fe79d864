import type { HlsConfig } from 'hls.js';

/** Segments behind the live edge in standard mode ("Most stable", and a channel without LL-HLS parts). */
export const STANDARD_LIVE_SYNC_SEGMENTS = 3;

/**
 * The fastest playback rate hls.js may use to catch up with its low-latency target (decision 0443): 15 % faster is
 * hard to notice in speech and sound (the browser keeps the pitch), and catches up a second in under seven.
 */
export const LOW_LATENCY_MAX_RATE = 1.15;

/** Settings both modes share: a fast live start (decision 0031). */
const COMMON: Partial<HlsConfig> = {
  startLevel: -1,
  testBandwidth: false,
  abrEwmaDefaultEstimate: 1_000_000,
  startFragPrefetch: true,
  initialLiveManifestSize: 1,
  capLevelToPlayerSize: true,
  maxBufferLength: 20,
  backBufferLength: 30,
  enableWorker: true,
};

/**
 * hls.js tuned for a fast live start (decision 0031) at the standard distance: no low-latency mode, three
 * segments behind the edge, Auto start level chosen from a default estimate instead of a test download, and the
 * first fragment requested while the media source is still opening. What "Most stable" plays, and catch-up and
 * VOD. A module without hls.js, so the startup bench (bench/player-startup.ts) gives plain hls.js these very
 * settings.
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  ...COMMON,
  lowLatencyMode: false,
  liveSyncDurationCount: STANDARD_LIVE_SYNC_SEGMENTS,
};

/**
 * Live in low-latency mode ("Lowest delay", decision 0443): hls.js loads parts and reloads the playlist with
 * blocking requests where the playlist offers them, aims at the playlist's PART-HOLD-BACK and speeds playback up
 * to LOW_LATENCY_MAX_RATE to stay there. No `liveSyncDuration(Count)`: hls.js takes a value set by the page over
 * PART-HOLD-BACK (latency-controller `targetLatency`). A playlist without parts (or without HOLD-BACK) plays at
 * hls.js's default of three target durations, the standard distance.
 */
export const HLS_LOW_LATENCY_CONFIG: Partial<HlsConfig> = {
  ...COMMON,
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: LOW_LATENCY_MAX_RATE,
};
