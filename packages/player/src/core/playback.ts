import { preloadHlsEngine } from '../engines/load.ts';
import type { EngineEvents, EngineLoader } from '../engines/types.ts';
import type { WarmCache } from '../prefetch/warm.ts';
import type { Clock } from './clock.ts';
import { PAUSE_COUNT_INTERVAL_MS } from './constants.ts';
import { createEngineHost } from './engineHost.ts';
import type { PreferenceStorage } from './latency.ts';
import { createLowLatency } from './lowLatency.ts';
import { createRenewal } from './renewal.ts';
import { createSession, type Session } from './session.ts';
import { INITIAL_SNAPSHOT } from './snapshot.ts';
import { isLiveMode, type Store } from './store.ts';
import { createTracks } from './tracks.ts';
import type {
  ErrorKind,
  LiveBar,
  PlayerError,
  PlayerEvents,
  PlayerSnapshot,
  PlayerSource,
  QualityLevel,
} from './types.ts';

/** What differs between live (and time-shift) and on-demand playback; the playback asks the controller in charge. */
export interface ModeController {
  /** The URL to load for the item now (undefined: nothing to load, the overlay alone shows). */
  src(snap: PlayerSnapshot): string | undefined;
  /** The live bar where there is one. */
  bar(): LiveBar | null;
  /** Once a second while an item is loaded. */
  tick(now: number): void;
  /** After the position moved (the snapshot already has it). */
  timeupdate(): void;
  canplay(): void;
  ended(): void;
  /** An engine error; true when the controller dealt with it (a retry), false to show it. */
  failed(error: PlayerError): boolean;
  /** Before the item reloads, to keep what must survive the reload. */
  beforeReload(): void;
}

export interface PlaybackDeps {
  store: Store;
  clock: Clock;
  loader: EngineLoader;
  /** Fetch hls.js while idle when attached with nothing to play (not with an injected loader). */
  preload: boolean;
  /** What was fetched ahead for the neighbours (issue 20 §1); loads take from it first. */
  warm: WarmCache;
  /** Where the viewer's delay choice is remembered (issue 41). */
  storage: PreferenceStorage | null;
  /** The controller of the current mode. */
  controller(): ModeController;
  /** The item is being left (a new one, teardown): its last report goes out. */
  leave(): void;
  /** Forget what the controllers kept about the item. */
  reset(): void;
}

/**
 * What every mode shares: the media element, its engine, the play session (telemetry), URL renewal, loading and
 * reloading, the viewer's wish to play and the media events. Where a mode decides, the controller is asked.
 */
export function createPlayback(deps: PlaybackDeps) {
  const { store, clock, loader, preload, warm, controller, leave, reset } = deps;
  const host = createEngineHost(loader);
  const tracks = createTracks(store, () => host.engine);
  let media: HTMLMediaElement | null = null;
  let session: Session | null = null;
  let detachMedia: (() => void) | null = null;
  let ticker: unknown = null;
  let lastTime = -1;
  /** Shared with the controllers: the viewer wants it playing; a first frame came; when the position last moved. */
  const status = { wantPlay: false, started: false, lastProgressAt: 0 };
  const latency = createLowLatency({
    store,
    storage: deps.storage,
    engine: () => host.engine,
    media: () => media,
    session: () => session,
    reload: () => reload('latency'),
  });
  const renewal = createRenewal({
    clock,
    current: () => ({ source: store.get().source, mode: store.get().mode }),
    update: (source) => {
      store.set({ source });
      store.events.emit('renewed', { expiresAt: source.expiresAt ?? null });
    },
  });

  function liveTimes() {
    if (!media || media.seekable.length === 0) return null;
    const last = media.seekable.length - 1;
    return {
      currentTime: media.currentTime,
      seekableStart: media.seekable.start(0),
      seekableEnd: media.seekable.end(last),
    };
  }

  function engineEvents(g: number): EngineEvents {
    return {
      levels: (qualities: QualityLevel[]) => host.isCurrent(g) && store.set({ qualities }),
      levelSwitched: (index) => {
        if (!host.isCurrent(g)) return;
        session?.bitrateSwitch();
        const s = store.get();
        store.events.emit('qualitychange', { quality: s.quality, level: s.qualities[index] ?? null });
      },
      tracks: (list) => host.isCurrent(g) && tracks.update(list),
      fatal: (code, message, kind) => host.isCurrent(g) && fail(code, message, kind),
      rewriteUrl: (url) => renewal.rewrite(url),
      warm: { take: warm.take, isWarm: warm.isWarm },
    };
  }

  async function startLoad() {
    const snap = store.get();
    const source = snap.source;
    if (!source || !media) return;
    const target = media;
    const src = controller().src(snap);
    if (!src) {
      host.reset();
      store.set({ state: 'idle' }); // locked with no fallback clip: the overlay alone shows
      return;
    }
    const effective: PlayerSource = snap.locked ? { src, mode: 'live', id: source.id } : source;
    warm.loading(src);
    status.lastProgressAt = clock.now();
    lastTime = -1;
    target.loop = snap.locked;
    tracks.reset();
    try {
      if (!(await host.load(target, effective, src, engineEvents, latency.options()))) return;
    } catch (err) {
      fail('ENGINE_LOAD', err instanceof Error ? err.message : String(err), 'media');
      return;
    }
    if (status.wantPlay) requestPlay();
  }

  function requestPlay() {
    if (!media) return;
    const target = media;
    const attempt = target.play();
    // Browsers refuse unmuted autoplay without a gesture: fall back to muted playback rather than nothing.
    attempt?.catch?.((err: unknown) => {
      if ((err as { name?: string }).name !== 'NotAllowedError' || target.muted) return;
      target.muted = true;
      target.play()?.catch?.(() => store.set({ state: 'paused' }));
    });
  }

  function fail(code: string, message: string, kind: ErrorKind) {
    session?.error();
    // Bounded so a long engine message (URLs, stacks) never makes a metrics batch invalid.
    const report = { code: code.slice(0, 64), message: message.slice(0, 500) };
    const { source, mode } = store.get();
    store.telemetry({ type: 'playError', sourceId: source?.id, mode, ...report });
    const error = { code, message, kind };
    if (controller().failed(error)) return;
    store.set({ state: 'error', error });
    store.events.emit('error', error);
  }

  function reload(reason: PlayerEvents['reload']['reason']) {
    if (!store.get().source) return;
    controller().beforeReload();
    store.events.emit('reload', { reason });
    store.set({ state: 'loading', error: null });
    void freshThenLoad();
  }

  /** A reload with URLs that expired (a sleeping tab missed its renewal) renews them first. */
  async function freshThenLoad() {
    if (renewal.expired()) await renewal.now();
    await startLoad();
  }

  function endSession() {
    if (!session) return;
    const { mode, currentTime } = store.get();
    for (const e of session.end(clock.now(), mode, currentTime)) store.telemetry(e);
    session = null;
  }

  /** Reports `watching` when the session owes one (its first frame, then every minute while it plays). */
  function reportWatching() {
    const due = session?.watching(clock.now(), store.get().mode);
    if (due) store.telemetry(due);
  }

  function stopTimers() {
    if (ticker !== null) clock.clearInterval(ticker);
    renewal.stop();
    ticker = null;
    reset();
  }

  function onTimeUpdate() {
    if (!media) return;
    const t = media.currentTime;
    if (t !== lastTime) {
      lastTime = t;
      status.lastProgressAt = clock.now();
    }
    store.set({ currentTime: t, duration: media.duration, bar: controller().bar() });
    controller().timeupdate();
  }

  const handlers: Record<string, () => void> = {
    playing() {
      const first = session?.playing(clock.now()) ?? null;
      latency.sample();
      reportWatching();
      status.started = true;
      status.lastProgressAt = clock.now();
      store.set({ state: 'playing', retries: 0, error: null, unavailable: false, bar: controller().bar() });
      if (first !== null) store.events.emit('firstframe', { startupMs: first });
    },
    waiting() {
      session?.waiting(clock.now());
      if (status.started) latency.stalled(clock.now());
      if (store.get().state !== 'error') store.set({ state: 'loading' });
    },
    pause() {
      session?.notPlaying(clock.now());
      const { state } = store.get();
      if (state === 'playing' || state === 'loading') store.set({ state: 'paused' });
    },
    ended() {
      session?.notPlaying(clock.now());
      status.wantPlay = false;
      store.set({ state: 'ended' });
      controller().ended();
      store.events.emit('ended', { mode: store.get().mode });
    },
    canplay: () => controller().canplay(),
    timeupdate: onTimeUpdate,
    durationchange: () => media && store.set({ duration: media.duration }),
    volumechange: () => media && store.set({ muted: media.muted, volume: media.volume }),
    ratechange: () => media && store.set({ rate: media.playbackRate }),
    enterpictureinpicture: () => store.set({ pictureInPicture: true }),
    leavepictureinpicture: () => store.set({ pictureInPicture: false }),
  };

  return {
    status,
    get media(): HTMLMediaElement | null {
      return media;
    },
    get engine() {
      return host.engine;
    },
    get session(): Session | null {
      return session;
    },
    liveTimes,
    startLoad,
    requestPlay,
    reload,
    renewUrls: renewal.apply,
    tracks,
    /** The item ends here although the element never said so (ondemand.ts: a stall at the last frame). */
    endHere() {
      media?.pause();
      handlers.ended?.();
    },

    attach(element: HTMLMediaElement) {
      detachMedia?.();
      media = element;
      for (const [type, fn] of Object.entries(handlers)) element.addEventListener(type, fn);
      const unwatch = tracks.watch(element);
      // Leaving the page (a link, a closed tab) ends the session as loading another source does, so the last
      // channel of a visit is reported too (issue 37). A page shown again from the back-forward cache starts a
      // new session for what it still plays.
      const view = element.ownerDocument?.defaultView;
      const onPageHide = () => endSession();
      const onPageShow = (e: PageTransitionEvent) => {
        const { source, mode } = store.get();
        if (e.persisted && source && !session) session = createSession(source.id, mode, clock.now());
      };
      view?.addEventListener('pagehide', onPageHide);
      view?.addEventListener('pageshow', onPageShow);
      detachMedia = () => {
        for (const [type, fn] of Object.entries(handlers)) element.removeEventListener(type, fn);
        view?.removeEventListener('pagehide', onPageHide);
        view?.removeEventListener('pageshow', onPageShow);
        unwatch();
      };
      if (store.get().source) void startLoad();
      else if (preload) preloadHlsEngine();
    },

    load(source: PlayerSource, autoplay: boolean) {
      if (media && !media.paused) media.pause();
      leave();
      endSession();
      stopTimers();
      const mode = source.mode ?? 'live';
      const locked = isLiveMode(mode) && source.authority === false;
      const snap = store.get();
      status.wantPlay = autoplay;
      status.started = false;
      latency.reset();
      session = createSession(source.id, mode, clock.now(), source.zapStartedAt);
      store.set({
        ...INITIAL_SNAPSHOT,
        source,
        mode,
        locked,
        state: 'loading',
        programme: mode === snap.mode ? snap.programme : null,
        muted: snap.muted,
        volume: snap.volume,
        aspectRatio: snap.aspectRatio,
        latencyPreference: snap.latencyPreference,
      });
      ticker = clock.setInterval(() => {
        controller().tick(clock.now());
        latency.sample();
        reportWatching();
      }, PAUSE_COUNT_INTERVAL_MS);
      renewal.start();
      void startLoad();
    },

    play() {
      const snap = store.get();
      if (snap.controlsDisabled || !snap.source) return;
      status.wantPlay = true;
      if (snap.state === 'error' || snap.unavailable) return reload('retry');
      status.lastProgressAt = clock.now();
      requestPlay();
    },

    pause() {
      status.wantPlay = false;
      media?.pause();
    },

    setLatencyPreference: latency.setPreference,

    setQuality(index: number) {
      host.engine?.setLevel(index);
      store.set({ quality: index });
      store.events.emit('qualitychange', { quality: index, level: store.get().qualities[index] ?? null });
    },

    /** Ends the session (its telemetry goes out), the timers and the engine, and lets go of the element. */
    destroy() {
      leave();
      endSession();
      stopTimers();
      host.reset();
      warm.stop();
      detachMedia?.();
      detachMedia = null;
      media = null;
    },
  };
}

export type Playback = ReturnType<typeof createPlayback>;
