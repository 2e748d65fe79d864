import type { HlsConfig } from 'hls.js';

/**
 * hls.js tuned for a fast live start (decision 0031): no low-latency mode (our origins are not LL-HLS), three
 * segments behind the edge, Auto start level chosen from a default estimate instead of a test download, and the
 * first fragment requested while the media source is still opening. A module without hls.js, so the startup
 * bench (bench/player-startup.ts) gives plain hls.js these very settings.
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: false,
  liveSyncDurationCount: 3,
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
