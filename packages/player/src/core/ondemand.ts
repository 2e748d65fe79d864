import { END_SLACK_S, END_STALL_MS, PAUSE_COUNT_INTERVAL_MS } from './constants.ts';
import type { ModeController, Playback } from './playback.ts';
import { progressReport } from './snapshot.ts';
import type { Store } from './store.ts';

/**
 * Catch-up and VOD: seeking, the progress reports of spec §3/§4 (every `progressEvery` ms while playing, a final
 * one when the item is left), the pause count, and losing playback authority (paused, controls disabled).
 */
export function createOnDemandController(store: Store, playback: Playback, progressEvery: number) {
  const { status } = playback;
  let sinceProgress = 0;

  /**
   * A report reads the element's position: a seek sets it at once, but the snapshot follows only at the next
   * `timeupdate`, and a tab closed in between reported where the viewer had been (decision 0375).
   */
  function progress(final: boolean, played = store.get().state === 'ended') {
    const snap = store.get();
    const media = playback.media;
    const at =
      media && Number.isFinite(media.currentTime) ? { ...snap, currentTime: media.currentTime } : snap;
    store.events.emit('progress', progressReport(at, final, played));
  }

  const controller: ModeController = {
    src: (snap) => snap.source?.src,
    bar: () => null,
    tick(now) {
      const { state, pausedSeconds } = store.get();
      if (!status.started || state === 'ended') return;
      const media = playback.media;
      const atEnd =
        media && Number.isFinite(media.duration) && media.duration - media.currentTime <= END_SLACK_S;
      if (atEnd && status.wantPlay && now - status.lastProgressAt >= END_STALL_MS) return playback.endHere();
      if (state !== 'playing' && state !== 'loading') store.set({ pausedSeconds: pausedSeconds + 1 });
      if (state === 'playing') {
        sinceProgress += PAUSE_COUNT_INTERVAL_MS;
        if (sinceProgress >= progressEvery) {
          sinceProgress = 0;
          progress(false);
        }
      }
    },
    timeupdate() {},
    canplay() {},
    ended: () => progress(false, true),
    failed: () => false,
    beforeReload() {},
  };

  return {
    controller,
    reset() {
      sinceProgress = 0;
    },
    /** Leaving an item that played: its last progress report goes out now. */
    leave() {
      const { mode } = store.get();
      if (status.started && (mode === 'catchup' || mode === 'vod')) progress(true);
    },
    /** Seek to a position in seconds. */
    seek(seconds: number) {
      const media = playback.media;
      if (!media || store.get().controlsDisabled) return;
      const max = Number.isFinite(media.duration) ? media.duration : seconds;
      media.currentTime = Math.max(0, Math.min(max, seconds));
    },
    /** Lost: paused, controls disabled. */
    setAuthority(has: boolean) {
      if (!has) {
        status.wantPlay = false;
        playback.media?.pause();
      }
      store.set({ controlsDisabled: !has });
    },
  };
}
