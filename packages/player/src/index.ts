/**
 * @ottkit/player: the framework-free core and its types. Engines load lazily; faces live in
 * `@ottkit/player/react` and `@ottkit/player/element`.
 */
export { classifyBarClick, computeBar } from './core/bar.ts';
export { type Clock, systemClock } from './core/clock.ts';
export {
  ASPECT_RATIOS,
  type AspectRatio,
  LIVE_STALL_RELOAD_MS,
  PAUSE_COUNT_INTERVAL_MS,
  PLAYBACK_RATES,
  type PlaybackRate,
  TIMESHIFT_MAX_RETRIES,
  TIMESHIFT_MIN_MS,
  TIMESHIFT_RETRY_INTERVAL_MS,
  WATCHING_EVERY_MS,
} from './core/constants.ts';
export { createPlayerCore, INITIAL_SNAPSHOT, type PlayerCore, type PlayerCoreOptions } from './core/core.ts';
export * from './core/types.ts';
export { QUALITY_NAMES, qualityName } from './engines/quality.ts';
export type { Engine, EngineEvents, EngineLoader } from './engines/types.ts';
export {
  PREFETCH_BUDGET_BYTES_PER_MINUTE,
  PREFETCH_MAX_TARGETS,
  type PrefetchTarget,
  preloadAllowed,
} from './prefetch/warm.ts';
export { chooseTracks, sameLanguage } from './core/tracks.ts';
