import { loadEngine, preloadHlsEngine } from '../engines/load.ts';
import type { EngineEvents, EngineLoader } from '../engines/types.ts';
import { classifyBarClick, computeBar } from './bar.ts';
import { type Clock, systemClock } from './clock.ts';
import {
  type AspectRatio,
  LIVE_STALL_RELOAD_MS,
  PAUSE_COUNT_INTERVAL_MS,
  TIMESHIFT_MAX_RETRIES,
  TIMESHIFT_RETRY_INTERVAL_MS,
} from './constants.ts';
import { createEmitter } from './emitter.ts';
import { createEngineHost } from './engineHost.ts';
import { createSession, type Session } from './session.ts';
import { INITIAL_SNAPSHOT, progressReport } from './snapshot.ts';

export { INITIAL_SNAPSHOT };
import type {
  ErrorKind,
  PlayerEvents,
  PlayerSnapshot,
  PlayerSource,
  Programme,
  QualityLevel,
  TelemetrySink,
} from './types.ts';

export interface PlayerCoreOptions {
  clock?: Clock;
  /** Defaults to the lazy engine loader; tests inject a fake. */
  loadEngine?: EngineLoader;
  telemetry?: TelemetrySink;
  /** How often catch-up and VOD emit `progress` while playing (spec §4 history report, default 60 s). */
  progressIntervalMs?: number;
}

export type PlayerCore = ReturnType<typeof createPlayerCore>;

/** Seconds kept behind the seekable end when going back to live without an engine's own live position. */
const LIVE_EDGE_MARGIN_S = 6;

/**
 * The framework-free player: requests in, a snapshot and typed events out. Every rule of spec §4 lives here
 * as timers on the injected clock. Importing this module touches no browser global.
 */
export function createPlayerCore(options: PlayerCoreOptions = {}) {
  const clock = options.clock ?? systemClock;
  const loader: EngineLoader = options.loadEngine ?? loadEngine;
  const progressEvery = options.progressIntervalMs ?? 60_000;
  const events = createEmitter<PlayerEvents>();
  const listeners = new Set<(s: PlayerSnapshot) => void>();
  let snap: PlayerSnapshot = INITIAL_SNAPSHOT;
  let media: HTMLMediaElement | null = null;
  const host = createEngineHost(loader);
  let wantPlay = false;
  let session: Session | null = null;
  let lastProgressAt = 0;
  let lastTime = -1;
  let started = false;
  let ticker: unknown = null;
  let retryTimer: unknown = null;
  let sinceProgress = 0;
  let resumeBehindMs: number | null = null;
  let timeshiftProgramme: Programme | null = null;
  let detachMedia: (() => void) | null = null;

  function set(patch: Partial<PlayerSnapshot>) {
    const previous = snap;
    snap = { ...snap, ...patch };
    if (patch.state && patch.state !== previous.state) {
      events.emit('statechange', { state: snap.state, previous: previous.state });
    }
    if (patch.mode && patch.mode !== previous.mode) {
      events.emit('modechange', { mode: snap.mode, previous: previous.mode });
    }
    for (const l of [...listeners]) l(snap);
  }

  function telemetry(e: Parameters<TelemetrySink>[0]) {
    options.telemetry?.(e);
    events.emit('telemetry', e);
  }

  const isLive = () => snap.mode === 'live' || snap.mode === 'timeshift';

  function liveTimes() {
    if (!media || media.seekable.length === 0) return null;
    const last = media.seekable.length - 1;
    return {
      currentTime: media.currentTime,
      seekableStart: media.seekable.start(0),
      seekableEnd: media.seekable.end(last),
    };
  }

  function refreshBar() {
    const times = isLive() && !snap.locked ? liveTimes() : null;
    return times ? computeBar(clock.now(), times, snap.programme) : null;
  }

  function endSession() {
    if (!session) return;
    for (const e of session.end(clock.now(), snap.mode, snap.currentTime)) telemetry(e);
    session = null;
  }

  function stopTimers() {
    if (ticker !== null) clock.clearInterval(ticker);
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    ticker = retryTimer = null;
  }

  function engineEvents(g: number): EngineEvents {
    return {
      levels: (qualities: QualityLevel[]) => host.isCurrent(g) && set({ qualities }),
      levelSwitched: (index) => {
        if (!host.isCurrent(g)) return;
        session?.bitrateSwitch();
        events.emit('qualitychange', { quality: snap.quality, level: snap.qualities[index] ?? null });
      },
      fatal: (code, message, kind) => host.isCurrent(g) && fail(code, message, kind),
    };
  }

  async function startLoad() {
    const source = snap.source;
    if (!source || !media) return;
    const target = media;
    const src = snap.locked ? source.fallbackSrc : source.src;
    if (!src) {
      host.reset();
      set({ state: 'idle' }); // locked with no fallback clip: the overlay alone shows
      return;
    }
    const effective: PlayerSource = snap.locked ? { src, mode: 'live', id: source.id } : source;
    lastProgressAt = clock.now();
    lastTime = -1;
    target.loop = snap.locked;
    try {
      if (!(await host.load(target, effective, src, engineEvents))) return;
    } catch (err) {
      fail('ENGINE_LOAD', err instanceof Error ? err.message : String(err), 'media');
      return;
    }
    if (wantPlay) requestPlay();
  }

  function requestPlay() {
    if (!media) return;
    const target = media;
    const attempt = target.play();
    // Browsers refuse unmuted autoplay without a gesture: fall back to muted playback rather than nothing.
    attempt?.catch?.((err: unknown) => {
      if ((err as { name?: string }).name !== 'NotAllowedError' || target.muted) return;
      target.muted = true;
      target.play()?.catch?.(() => set({ state: 'paused' }));
    });
  }

  function fail(code: string, message: string, kind: ErrorKind) {
    session?.error();
    // Bounded so a long engine message (URLs, stacks) never makes a metrics batch invalid.
    const report = { code: code.slice(0, 64), message: message.slice(0, 500) };
    telemetry({ type: 'playError', sourceId: snap.source?.id, mode: snap.mode, ...report });
    if (snap.mode === 'timeshift') {
      // One failure can raise several errors (shaka-player reports per stream): a pending retry covers them all.
      if (retryTimer !== null) return;
      if (snap.retries < TIMESHIFT_MAX_RETRIES) {
        set({ retries: snap.retries + 1, state: 'loading' });
        if (retryTimer !== null) clock.clearTimeout(retryTimer);
        retryTimer = clock.setTimeout(() => {
          retryTimer = null;
          reload('retry');
        }, TIMESHIFT_RETRY_INTERVAL_MS);
        return;
      }
      const error = { code, message, kind: 'timeshift' as const };
      set({ state: 'error', error });
      events.emit('timeshifterror', error);
      events.emit('error', error);
      return;
    }
    const error = { code, message, kind };
    set({ state: 'error', error });
    events.emit('error', error);
  }

  function reload(reason: PlayerEvents['reload']['reason']) {
    if (!snap.source) return;
    if (snap.mode === 'timeshift' && snap.bar) resumeBehindMs = snap.bar.live - snap.bar.position;
    events.emit('reload', { reason });
    set({ state: 'loading', error: null });
    void startLoad();
  }

  function progress(final: boolean, played = snap.state === 'ended') {
    events.emit('progress', progressReport(snap, final, played));
  }

  /** Leaving a catch-up or VOD item that played: its last progress report goes out now. */
  function leaveItem() {
    if (started && (snap.mode === 'catchup' || snap.mode === 'vod')) progress(true);
  }

  function tick() {
    const now = clock.now();
    const { state, mode } = snap;
    if (isLive()) {
      set({ bar: refreshBar() });
      const stuck = wantPlay && state !== 'error' && state !== 'ended' && state !== 'idle';
      if (stuck && now - lastProgressAt >= LIVE_STALL_RELOAD_MS) {
        lastProgressAt = now;
        reload('stall');
      }
      return;
    }
    if (!started || state === 'ended') return;
    if (state !== 'playing' && state !== 'loading') set({ pausedSeconds: snap.pausedSeconds + 1 });
    if (state === 'playing' && (mode === 'catchup' || mode === 'vod')) {
      sinceProgress += PAUSE_COUNT_INTERVAL_MS;
      if (sinceProgress >= progressEvery) {
        sinceProgress = 0;
        progress(false);
      }
    }
  }

  function onTimeUpdate() {
    if (!media) return;
    const t = media.currentTime;
    if (t !== lastTime) {
      lastTime = t;
      lastProgressAt = clock.now();
    }
    const bar = refreshBar();
    set({ currentTime: t, duration: media.duration, bar });
    // Spec §4: in time-shift, running past the programme's end pauses and asks to go back to live.
    const p = timeshiftProgramme;
    if (snap.mode === 'timeshift' && p && bar && bar.position >= p.stop && snap.confirm === null) {
      wantPlay = false;
      media.pause();
      set({ confirm: 'backToLive' });
      events.emit('confirmbacktolive', { programme: p });
    }
  }

  const handlers: Record<string, () => void> = {
    playing() {
      const first = session?.playing(clock.now()) ?? null;
      started = true;
      lastProgressAt = clock.now();
      set({ state: 'playing', retries: 0, error: null, bar: refreshBar() });
      if (first !== null) events.emit('firstframe', { startupMs: first });
    },
    waiting() {
      session?.waiting(clock.now());
      if (snap.state !== 'error') set({ state: 'loading' });
    },
    pause() {
      session?.notPlaying(clock.now());
      if (snap.state === 'playing' || snap.state === 'loading') set({ state: 'paused' });
    },
    ended() {
      session?.notPlaying(clock.now());
      wantPlay = false;
      set({ state: 'ended' });
      if (snap.mode === 'catchup' || snap.mode === 'vod') progress(false, true);
      events.emit('ended', { mode: snap.mode });
    },
    canplay() {
      if (resumeBehindMs === null || !media) return;
      const times = liveTimes();
      if (times) media.currentTime = Math.max(times.seekableStart, times.seekableEnd - resumeBehindMs / 1000);
      resumeBehindMs = null;
    },
    timeupdate: onTimeUpdate,
    durationchange: () => media && set({ duration: media.duration }),
    volumechange: () => media && set({ muted: media.muted, volume: media.volume }),
    ratechange: () => media && set({ rate: media.playbackRate }),
    enterpictureinpicture: () => set({ pictureInPicture: true }),
    leavepictureinpicture: () => set({ pictureInPicture: false }),
  };

  function play() {
    if (snap.controlsDisabled || !snap.source) return;
    wantPlay = true;
    if (snap.state === 'error') return reload('retry');
    lastProgressAt = clock.now();
    requestPlay();
  }

  function pause() {
    wantPlay = false;
    media?.pause();
  }

  function seekToLive() {
    if (!isLive() || !snap.source) return;
    timeshiftProgramme = null;
    resumeBehindMs = null;
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    retryTimer = null;
    wantPlay = true;
    const broken = snap.state === 'error';
    set({ mode: 'live', confirm: null, retries: 0 });
    if (broken) return reload('retry');
    const times = liveTimes();
    if (media && times)
      media.currentTime = host.engine?.liveSyncPosition?.() ?? times.seekableEnd - LIVE_EDGE_MARGIN_S;
    requestPlay();
  }

  return {
    getState: () => snap,
    subscribe(listener: (s: PlayerSnapshot) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on: events.on,

    /** Binds the core to a media element (the face owns the element). A pending source starts loading. */
    attach(element: HTMLMediaElement) {
      detachMedia?.();
      media = element;
      for (const [type, fn] of Object.entries(handlers)) element.addEventListener(type, fn);
      detachMedia = () => {
        for (const [type, fn] of Object.entries(handlers)) element.removeEventListener(type, fn);
      };
      if (snap.source) void startLoad();
      else if (!options.loadEngine) preloadHlsEngine();
    },

    /** Plays a source. A channel change pauses the current one and reloads (spec §4). Autoplays by default. */
    load(source: PlayerSource, opts: { autoplay?: boolean } = {}) {
      if (media && !media.paused) media.pause();
      leaveItem();
      endSession();
      stopTimers();
      const mode = source.mode ?? 'live';
      const locked = (mode === 'live' || mode === 'timeshift') && source.authority === false;
      wantPlay = opts.autoplay ?? true;
      started = false;
      sinceProgress = 0;
      resumeBehindMs = null;
      timeshiftProgramme = null;
      session = createSession(source.id, mode, clock.now());
      set({
        ...INITIAL_SNAPSHOT,
        source,
        mode,
        locked,
        state: 'loading',
        programme: mode === snap.mode ? snap.programme : null,
        muted: snap.muted,
        volume: snap.volume,
        aspectRatio: snap.aspectRatio,
      });
      ticker = clock.setInterval(tick, PAUSE_COUNT_INTERVAL_MS);
      void startLoad();
    },

    play,
    pause,
    togglePlay() {
      if (wantPlay && snap.state !== 'paused' && snap.state !== 'ended') pause();
      else play();
    },
    /** Catch-up and VOD: seek to a position in seconds. */
    seek(seconds: number) {
      if (!media || snap.controlsDisabled || isLive()) return;
      const max = Number.isFinite(media.duration) ? media.duration : seconds;
      media.currentTime = Math.max(0, Math.min(max, seconds));
    },
    /** Live: a click on the progress bar at a wall-clock time (epoch ms). Returns what it did. */
    seekBar(epochMs: number): 'ignore' | 'live' | 'timeshift' {
      const bar = refreshBar();
      if (!bar || !media) return 'ignore';
      const click = classifyBarClick(bar, epochMs);
      if (click.action === 'live') seekToLive();
      if (click.action !== 'timeshift') return click.action;
      timeshiftProgramme = snap.programme;
      session?.timeshift();
      const times = liveTimes();
      if (times) media.currentTime = times.seekableEnd - click.behindMs / 1000;
      wantPlay = true;
      set({ mode: 'timeshift', confirm: null, bar: refreshBar() });
      requestPlay();
      return 'timeshift';
    },
    seekToLive,
    /** OK on the back-to-live confirmation. */
    confirmBackToLive: seekToLive,
    dismissConfirm: () => set({ confirm: null }),
    setProgramme(programme: Programme | null) {
      const p = snap.programme;
      if (p === programme) return;
      if (
        p &&
        programme &&
        p.start === programme.start &&
        p.stop === programme.stop &&
        p.title === programme.title
      ) {
        return;
      }
      set({ programme });
      set({ bar: refreshBar() });
    },
    /** Live: no authority → fallback clip and lock. Catch-up/VOD: lost → paused, controls disabled. */
    setAuthority(has: boolean) {
      if (isLive()) {
        if (snap.locked === !has) return;
        set({ locked: !has, mode: 'live' });
        return reload('authority');
      }
      if (!has) {
        wantPlay = false;
        media?.pause();
      }
      set({ controlsDisabled: !has });
    },
    setQuality(index: number) {
      host.engine?.setLevel(index);
      set({ quality: index });
      events.emit('qualitychange', { quality: index, level: snap.qualities[index] ?? null });
    },
    setRate(rate: number) {
      if (media) media.playbackRate = rate;
      set({ rate });
    },
    setMuted(muted: boolean) {
      if (media) media.muted = muted;
      set({ muted });
    },
    setVolume(volume: number) {
      const v = Math.max(0, Math.min(1, volume));
      if (media) media.volume = v;
      set({ volume: v });
    },
    setAspectRatio: (aspectRatio: AspectRatio) => set({ aspectRatio }),
    /**
     * Emits a final progress report now (tab close, dialog close). Not before the item played: a resume item
     * closed while loading would report 0 s over the stored position.
     */
    flushProgress: leaveItem,
    /** Stops playback and frees the engine; telemetry for the session is delivered. */
    destroy() {
      leaveItem();
      endSession();
      stopTimers();
      host.reset();
      detachMedia?.();
      detachMedia = null;
      media = null;
      set({ ...INITIAL_SNAPSHOT });
      listeners.clear();
      events.clear();
    },
  };
}
