import {
  LATENCY_PREFERENCE_KEY,
  LATENCY_PREFERENCES,
  type LatencyPreference,
  LOW_LATENCY_FALLBACK_STALLS,
  LOW_LATENCY_FALLBACK_WINDOW_MS,
} from './constants.ts';

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The fallback rule of decision 0443: `stall(now)` is true on the stall that makes `stalls` within `windowMs`
 * (LOW_LATENCY_FALLBACK_STALLS within LOW_LATENCY_FALLBACK_WINDOW_MS by default).
 */
export function createStallRule(
  stalls = LOW_LATENCY_FALLBACK_STALLS,
  windowMs = LOW_LATENCY_FALLBACK_WINDOW_MS,
) {
  let times: number[] = [];
  return {
    stall(now: number): boolean {
      times = times.filter((t) => now - t < windowMs);
      times.push(now);
      return times.length >= stalls;
    },
    reset() {
      times = [];
    },
  };
}

/** At most this many samples a `watching` minute (one a second; a sleeping tab's timers can bunch up). */
const MAX_SAMPLES = 600;

/**
 * The live latency seen between two `watching` reports: `take()` gives their median (whole ms) and whether
 * low-latency mode ran for most of them, and starts a new minute. Nothing when nothing was seen.
 */
export function createLatencySamples() {
  let samples: number[] = [];
  let low = 0;
  return {
    add(latencyMs: number, lowLatency: boolean) {
      if (!Number.isFinite(latencyMs) || samples.length >= MAX_SAMPLES) return;
      samples.push(Math.max(0, latencyMs));
      if (lowLatency) low += 1;
    },
    take(): { latencyMs?: number; lowLatency?: boolean } {
      const middle = median(samples);
      const out =
        middle === null ? {} : { latencyMs: Math.round(middle), lowLatency: low * 2 > samples.length };
      samples = [];
      low = 0;
      return out;
    },
  };
}

/** Where the viewer's choice is kept: the browser's localStorage by default, anything alike in tests. */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's localStorage, or null where there is none or it is refused (server, private mode). */
export function browserStorage(): PreferenceStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The remembered choice; "Lowest delay" when none (or something else) is stored. */
export function readLatencyPreference(storage: PreferenceStorage | null): LatencyPreference {
  try {
    const v = storage?.getItem(LATENCY_PREFERENCE_KEY);
    return (LATENCY_PREFERENCES as readonly string[]).includes(v ?? '') ? (v as LatencyPreference) : 'lowest';
  } catch {
    return 'lowest';
  }
}

export function writeLatencyPreference(storage: PreferenceStorage | null, preference: LatencyPreference) {
  try {
    storage?.setItem(LATENCY_PREFERENCE_KEY, preference);
  } catch {
    // Storage refused: the choice holds for this page only.
  }
}
