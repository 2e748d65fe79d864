import { loadEngine } from '../engines/load.ts';
import type { EngineLoader } from '../engines/types.ts';
import { createWarmCache, type PrefetchTarget, type WarmOptions } from '../prefetch/warm.ts';
import { type Clock, systemClock } from './clock.ts';
import type { AspectRatio, LatencyPreference } from './constants.ts';
import { browserStorage, type PreferenceStorage } from './latency.ts';
import { createLiveController } from './live.ts';
import { createOnDemandController } from './ondemand.ts';
import { createPlayback } from './playback.ts';
import { INITIAL_SNAPSHOT } from './snapshot.ts';
import { createStore, isLiveMode } from './store.ts';
import type { PlayerSource, SourceRenewal, TelemetrySink, TrackPreference } from './types.ts';

export { INITIAL_SNAPSHOT };

export interface PlayerCoreOptions {
  clock?: Clock;
  /** Defaults to the lazy engine loader; tests inject a fake. */
  loadEngine?: EngineLoader;
  telemetry?: TelemetrySink;
  /** How often catch-up and VOD emit `progress` while playing (spec §4 history report, default 60 s). */
  progressIntervalMs?: number;
  /** How neighbours are fetched ahead (budget, fetch, when allowed); defaults in `prefetch/warm.ts`. */
  prefetch?: WarmOptions;
  /** Where the viewer's delay choice is remembered; this browser's localStorage by default, null for nowhere. */
  storage?: PreferenceStorage | null;
}

export type PlayerCore = ReturnType<typeof createPlayerCore>;

/**
 * The framework-free player: requests in, a snapshot and typed events out. The store holds the snapshot; the
 * playback the element, engine and session; the live and on-demand controllers every rule of spec §4, as timers
 * on the injected clock. Importing this module touches no browser global.
 */
export function createPlayerCore(options: PlayerCoreOptions = {}) {
  const clock = options.clock ?? systemClock;
  const store = createStore(options.telemetry);
  const isLive = () => isLiveMode(store.get().mode);
  // Neighbours are warmed for the mode a zap to them would start in (issue 41).
  const warm = createWarmCache({
    lowLatency: () => store.get().latencyPreference === 'lowest',
    ...options.prefetch,
  });
  const playback = createPlayback({
    store,
    clock,
    loader: options.loadEngine ?? loadEngine,
    preload: !options.loadEngine,
    warm,
    storage: options.storage === undefined ? browserStorage() : options.storage,
    controller: () => (isLive() ? live.controller : onDemand.controller),
    leave: () => onDemand.leave(),
    reset: () => {
      live.reset();
      onDemand.reset();
    },
  });
  const live = createLiveController(store, clock, playback);
  const onDemand = createOnDemandController(store, playback, options.progressIntervalMs ?? 60_000);
  const media = () => playback.media;

  return {
    getState: store.get,
    subscribe: store.subscribe,
    on: store.events.on,
    /** Binds the core to a media element (the face owns the element). A pending source starts loading. */
    attach: playback.attach,
    /** Plays a source. A channel change pauses the current one and reloads (spec §4). Autoplays by default. */
    load(source: PlayerSource, opts: { autoplay?: boolean } = {}) {
      playback.load(source, opts.autoplay ?? true);
    },
    /**
     * Fresh URLs for the item being played (same stream, new credentials), handed by the host: playback goes on
     * without a reload. Sources with a `renew` callback get them by themselves before `expiresAt`.
     */
    renewUrls: (fresh: SourceRenewal) => playback.renewUrls(fresh),
    play: playback.play,
    pause: playback.pause,
    togglePlay() {
      const { state } = store.get();
      if (playback.status.wantPlay && state !== 'paused' && state !== 'ended') playback.pause();
      else playback.play();
    },
    /** Catch-up and VOD: seek to a position in seconds. */
    seek(seconds: number) {
      if (!isLive()) onDemand.seek(seconds);
    },
    /** Live: a click on the progress bar at a wall-clock time (epoch ms). Returns what it did. */
    seekBar: live.seekBar,
    seekToLive: live.seekToLive,
    /** OK on the back-to-live confirmation. */
    confirmBackToLive: live.seekToLive,
    dismissConfirm: () => store.set({ confirm: null }),
    setProgramme: live.setProgramme,
    /** Live: no authority → fallback clip and lock. Catch-up/VOD: lost → paused, controls disabled. */
    setAuthority(has: boolean) {
      if (isLive()) live.setAuthority(has);
      else onDemand.setAuthority(has);
    },
    setQuality: playback.setQuality,
    /** The viewer picks an audio language (an id of `audioTracks`); a `trackchange` event tells the host. */
    setAudioTrack: (id: string) => playback.tracks.setAudio(id),
    /** The viewer picks subtitles (an id of `textTracks`, or null for off). */
    setTextTrack: (id: string | null) => playback.tracks.setText(id),
    /**
     * The languages to prefer (the host's remembered choices and the viewer's language, decision 0291): applied to
     * every item as soon as its engine knows its tracks.
     */
    setTrackPreference: (preference: TrackPreference) => playback.tracks.setPreference(preference),
    setRate(rate: number) {
      const m = media();
      if (m) m.playbackRate = rate;
      store.set({ rate });
    },
    setMuted(muted: boolean) {
      const m = media();
      if (m) m.muted = muted;
      store.set({ muted });
    },
    setVolume(volume: number) {
      const v = Math.max(0, Math.min(1, volume));
      const m = media();
      if (m) m.volume = v;
      store.set({ volume: v });
    },
    setAspectRatio: (aspectRatio: AspectRatio) => store.set({ aspectRatio }),
    /**
     * The viewer's distance to live (issue 41): `lowest` plays LL-HLS parts where a channel offers them, `stable`
     * the standard three segments. Remembered in this browser; a live channel with parts reloads at the new one.
     */
    setLatencyPreference: (preference: LatencyPreference) => playback.setLatencyPreference(preference),
    /**
     * Live channels to keep warm (the neighbours of the one playing, the one under the pointer): their playlist,
     * init segment and first segment are fetched ahead within a byte budget, so a zap to one starts from them.
     * Off on metered or Save-Data connections. An empty list stops it.
     */
    prefetch: (targets: readonly PrefetchTarget[]) => warm.set(targets),
    /** Bytes fetched ahead so far. */
    prefetchedBytes: () => warm.bytes,
    /**
     * Emits a final progress report now (tab close, dialog close). Not before the item played: a resume item
     * closed while loading would report 0 s over the stored position.
     */
    flushProgress: () => onDemand.leave(),
    /** Stops playback and frees the engine; telemetry for the session is delivered. */
    destroy() {
      playback.destroy();
      store.close();
    },
  };
}
