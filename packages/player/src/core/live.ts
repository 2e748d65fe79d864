import { classifyBarClick, computeBar } from './bar.ts';
import type { Clock } from './clock.ts';
import {
  LIVE_STALL_RELOAD_MS,
  LIVE_UNAVAILABLE_MS,
  LIVE_UNAVAILABLE_RETRY_MS,
  TIMESHIFT_MAX_RETRIES,
  TIMESHIFT_RETRY_INTERVAL_MS,
} from './constants.ts';
import type { ModeController, Playback } from './playback.ts';
import { isLiveMode, type Store } from './store.ts';
import type { PlayerError, Programme } from './types.ts';

/** Seconds kept behind the seekable end when going back to live without an engine's own live position. */
const LIVE_EDGE_MARGIN_S = 6;

/**
 * Live and time-shift (spec §4): the bar, time-shift by the bar and back to live, time-shift retries, the stall
 * reload, the programme overrun prompt and the authority lock.
 */
export function createLiveController(store: Store, clock: Clock, playback: Playback) {
  const { status } = playback;
  let retryTimer: unknown = null;
  /**
   * Where to resume after a reload or on the DVR playlist: the wall-clock time (epoch ms) of the picture, not a
   * distance behind live. Loading takes seconds (tens on a busy machine), and live moves on meanwhile: a
   * distance taken at the click would land that much later than the point clicked (issue 36).
   */
  let resumeAtMs: number | null = null;
  /** The programme time-shift started in: running past its end asks to go back to live. */
  let timeshiftProgramme: Programme | null = null;

  /** Time-shift plays the source's DVR playlist (when it has one) instead of its live playlist. */
  const onDvr = () => store.get().mode === 'timeshift' && !!store.get().source?.timeshiftSrc;

  function bar() {
    const snap = store.get();
    const times = isLiveMode(snap.mode) && !snap.locked ? playback.liveTimes() : null;
    if (!times) return null;
    const s = snap.source;
    const reach = s?.timeshiftSrc ? (s.timeshiftStart ?? snap.programme?.start) : undefined;
    return computeBar(clock.now(), times, snap.programme, reach);
  }

  function clearRetry() {
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    retryTimer = null;
  }

  function seekToLive() {
    const snap = store.get();
    if (!isLiveMode(snap.mode) || !snap.source) return;
    const leaveDvr = onDvr();
    timeshiftProgramme = null;
    resumeAtMs = null;
    clearRetry();
    status.wantPlay = true;
    const broken = snap.state === 'error';
    store.set({ mode: 'live', confirm: null, retries: 0 });
    if (broken) return playback.reload('retry');
    if (leaveDvr) {
      // Back from the DVR playlist to the live one (its edge is where hls.js starts).
      store.set({ state: 'loading', error: null });
      return void playback.startLoad();
    }
    const times = playback.liveTimes();
    const media = playback.media;
    if (media && times)
      media.currentTime = playback.engine?.liveSyncPosition?.() ?? times.seekableEnd - LIVE_EDGE_MARGIN_S;
    playback.requestPlay();
  }

  const controller: ModeController = {
    src(snap) {
      const source = snap.source;
      return snap.locked ? source?.fallbackSrc : onDvr() ? source?.timeshiftSrc : source?.src;
    },
    bar,
    tick(now) {
      store.set({ bar: bar() });
      const { state, mode, locked, unavailable } = store.get();
      const stuck = status.wantPlay && state !== 'error' && state !== 'ended' && state !== 'idle';
      const waited = now - status.lastProgressAt;
      if (stuck && mode === 'live' && !locked && !unavailable && waited >= LIVE_UNAVAILABLE_MS) {
        store.set({ unavailable: true });
      }
      if (stuck && now - status.lastProgressAt >= LIVE_STALL_RELOAD_MS) {
        status.lastProgressAt = now;
        playback.reload('stall');
      }
    },
    timeupdate() {
      // Spec §4: in time-shift, running past the programme's end pauses and asks to go back to live.
      const { mode, bar: b, confirm } = store.get();
      const p = timeshiftProgramme;
      if (mode === 'timeshift' && p && b && b.position >= p.stop && confirm === null) {
        status.wantPlay = false;
        playback.media?.pause();
        store.set({ confirm: 'backToLive' });
        store.events.emit('confirmbacktolive', { programme: p });
      }
    },
    canplay() {
      const media = playback.media;
      if (resumeAtMs === null || !media) return;
      const times = playback.liveTimes();
      const behindMs = clock.now() - resumeAtMs;
      if (times) media.currentTime = Math.max(times.seekableStart, times.seekableEnd - behindMs / 1000);
      resumeAtMs = null;
    },
    ended() {},
    failed({ code, message, kind }: PlayerError) {
      const snap = store.get();
      if (snap.mode === 'live' && kind === 'network' && !snap.locked) {
        // The channel's origin is gone or refuses: say so, and keep trying quietly until it plays (issue 36).
        store.set({ state: 'loading', unavailable: true, error: null });
        if (retryTimer === null) {
          retryTimer = clock.setTimeout(() => {
            retryTimer = null;
            playback.reload('retry');
          }, LIVE_UNAVAILABLE_RETRY_MS);
        }
        return true;
      }
      if (snap.mode !== 'timeshift') return false;
      // One failure can raise several errors (shaka-player reports per stream): a pending retry covers them all.
      if (retryTimer !== null) return true;
      if (snap.retries < TIMESHIFT_MAX_RETRIES) {
        store.set({ retries: snap.retries + 1, state: 'loading' });
        retryTimer = clock.setTimeout(() => {
          retryTimer = null;
          playback.reload('retry');
        }, TIMESHIFT_RETRY_INTERVAL_MS);
        return true;
      }
      const error = { code, message, kind: 'timeshift' as const };
      store.set({ state: 'error', error });
      store.events.emit('timeshifterror', error);
      store.events.emit('error', error);
      return true;
    },
    beforeReload() {
      // A reload asked for now (Retry) stands in for a pending background one.
      clearRetry();
      const { mode, bar: b } = store.get();
      if (mode === 'timeshift' && b) resumeAtMs = b.position;
    },
  };

  return {
    controller,
    /** A new item or teardown: nothing of the last one's time-shift is kept. */
    reset() {
      clearRetry();
      resumeAtMs = null;
      timeshiftProgramme = null;
    },
    seekToLive,
    /** A click on the progress bar at a wall-clock time (epoch ms). Returns what it did. */
    seekBar(epochMs: number): 'ignore' | 'live' | 'timeshift' {
      const b = bar();
      const media = playback.media;
      if (!b || !media) return 'ignore';
      const click = classifyBarClick(b, epochMs);
      if (click.action === 'live') seekToLive();
      if (click.action !== 'timeshift') return click.action;
      timeshiftProgramme = store.get().programme;
      playback.session?.timeshift();
      if (store.get().source?.timeshiftSrc && !onDvr()) {
        // The live playlist holds seconds: time-shift plays the DVR playlist, from the click (spec §4).
        status.wantPlay = true;
        resumeAtMs = b.live - click.behindMs;
        store.set({ mode: 'timeshift', confirm: null, retries: 0, state: 'loading', error: null });
        void playback.startLoad();
        return 'timeshift';
      }
      const times = playback.liveTimes();
      if (times) media.currentTime = times.seekableEnd - click.behindMs / 1000;
      status.wantPlay = true;
      store.set({ mode: 'timeshift', confirm: null, bar: bar() });
      playback.requestPlay();
      return 'timeshift';
    },
    setProgramme(programme: Programme | null) {
      const p = store.get().programme;
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
      store.set({ programme });
      store.set({ bar: bar() });
    },
    /** No authority: the fallback clip loops behind the lock; authority back: the channel itself. */
    setAuthority(has: boolean) {
      if (store.get().locked === !has) return;
      store.set({ locked: !has, mode: 'live' });
      playback.reload('authority');
    },
  };
}
