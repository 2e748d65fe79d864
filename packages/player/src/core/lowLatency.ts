import type { Engine, EngineLoadOptions } from '../engines/types.ts';
import type { LatencyPreference } from './constants.ts';
import {
  createStallRule,
  type PreferenceStorage,
  readLatencyPreference,
  writeLatencyPreference,
} from './latency.ts';
import type { Session } from './session.ts';
import { isLiveMode, type Store } from './store.ts';
import type { PlaybackStats } from './types.ts';

export interface LowLatencyDeps {
  store: Store;
  storage: PreferenceStorage | null;
  engine(): Engine | null;
  media(): HTMLMediaElement | null;
  session(): Session | null;
  /** Loads the item again (the distance to live changes where the engine cannot change it in place). */
  reload(): void;
}

/** Media buffered ahead of the playhead, ms (0 where the element says nothing). */
function bufferAheadMs(media: HTMLMediaElement): number {
  const ranges = media.buffered;
  const t = media.currentTime;
  for (let i = 0; i < (ranges?.length ?? 0); i++) {
    if (ranges.start(i) <= t + 0.1 && t <= ranges.end(i)) return Math.round((ranges.end(i) - t) * 1000);
  }
  return 0;
}

/**
 * Low-latency live (issue 41, decision 0443): the viewer's "Lowest delay" / "Most stable", remembered in this
 * browser; the mode each live load asks its engine for; the statistics overlay's figures and the latency samples
 * of `watching`, once a second; and the fallback to the standard distance after repeated stalls, for the rest of
 * the channel's session.
 */
export function createLowLatency(deps: LowLatencyDeps) {
  const { store } = deps;
  const rule = createStallRule();
  let fellBack = false;
  store.set({ latencyPreference: readLatencyPreference(deps.storage) });

  return {
    /** What a load of the current item asks its engine for: low latency on live, unless chosen or fallen off. */
    options(): EngineLoadOptions {
      const s = store.get();
      const lowLatency = s.mode === 'live' && !s.locked && s.latencyPreference === 'lowest' && !fellBack;
      return { lowLatency };
    },
    /** Another item (a channel change): its session starts in the viewer's mode. */
    reset() {
      fellBack = false;
      rule.reset();
    },
    /** The statistics now (live and time-shift), and a latency sample for `watching` while live plays. */
    sample() {
      const s = store.get();
      const media = deps.media();
      if (!isLiveMode(s.mode) || s.locked || !media) {
        if (s.stats) store.set({ stats: null });
        return;
      }
      const e = deps.engine()?.stats?.() ?? null;
      const stats: PlaybackStats = {
        lowLatency: !!e?.lowLatency && !fellBack,
        partsOffered: !!e?.partsOffered,
        fellBack,
        latencyMs: e?.latencyMs ?? null,
        targetLatencyMs: e?.targetLatencyMs ?? null,
        bufferMs: bufferAheadMs(media),
        bitrate: e?.bitrate ?? 0,
        height: e?.height ?? 0,
        rate: media.playbackRate,
      };
      store.set({ stats });
      if (s.mode === 'live' && stats.latencyMs !== null)
        deps.session()?.latency(stats.latencyMs, stats.lowLatency);
    },
    /** A stall after the first frame: the rule's last one in low-latency mode leaves it (decision 0443). */
    stalled(now: number) {
      const s = store.get();
      if (fellBack || s.mode !== 'live' || !s.stats?.lowLatency || !rule.stall(now)) return;
      fellBack = true;
      store.set({ stats: { ...s.stats, lowLatency: false, fellBack } });
      if (!deps.engine()?.leaveLowLatency?.()) deps.reload();
    },
    /** The viewer's choice: remembered, and applied at once to a live channel whose playlist offers parts. */
    setPreference(preference: LatencyPreference) {
      const s = store.get();
      if (preference === s.latencyPreference) return;
      writeLatencyPreference(deps.storage, preference);
      store.set({ latencyPreference: preference });
      if (s.mode === 'live' && s.source && !fellBack && s.stats?.partsOffered) deps.reload();
    },
  };
}

export type LowLatency = ReturnType<typeof createLowLatency>;
