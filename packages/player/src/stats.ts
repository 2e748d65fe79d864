import { LATENCY_PREFERENCES, type LatencyPreference } from './core/constants.ts';
import type { PlaybackStats } from './core/types.ts';
import type { PlayerMessages } from './messages.ts';

/** One row of the statistics overlay; `ms` carries a duration's raw figure (`data-ms`) for scripts and tests. */
export interface StatRow {
  key: 'mode' | 'latency' | 'target' | 'buffer' | 'rendition' | 'rate';
  label: string;
  value: string;
  /** The mode row: `low-latency`, `standard` or `fallback` (left after repeated stalls). */
  state?: string;
  ms?: number;
}

/** Seconds with one decimal in the viewer's number format. */
function seconds(ms: number | null): string {
  if (ms === null) return '–';
  const n = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${n.format(ms / 1000)} s`;
}

function rendition(s: PlaybackStats): string {
  const parts = [s.height ? `${s.height}p` : '', s.bitrate ? `${(s.bitrate / 1e6).toFixed(1)} Mb/s` : ''];
  return parts.filter(Boolean).join(' · ') || '–';
}

/**
 * What the statistics overlay shows of a live channel (issue 41), for both faces: the mode (and whether it fell
 * back), the delay to the source (wall clock minus the picture's EXT-X-PROGRAM-DATE-TIME), the engine's target,
 * the buffer ahead, the rendition and the playback rate (above 1 while catching up).
 */
export function statsRows(s: PlaybackStats, m: PlayerMessages): StatRow[] {
  const state = s.lowLatency ? 'low-latency' : s.fellBack ? 'fallback' : 'standard';
  const mode = s.lowLatency ? m.statsLowLatency : s.fellBack ? m.statsFellBack : m.statsStandard;
  const duration = (key: StatRow['key'], label: string, ms: number | null): StatRow => ({
    key,
    label,
    value: seconds(ms),
    ...(ms === null ? {} : { ms: Math.round(ms) }),
  });
  return [
    { key: 'mode', label: m.statsMode, value: mode, state },
    duration('latency', m.statsLatency, s.latencyMs),
    duration('target', m.statsTarget, s.targetLatencyMs),
    duration('buffer', m.statsBuffer, s.bufferMs),
    { key: 'rendition', label: m.statsRendition, value: rendition(s) },
    { key: 'rate', label: m.speed, value: `${s.rate.toFixed(2)}×` },
  ];
}

/** The delay menu's choices in order, for both faces. */
export function latencyChoices(m: PlayerMessages): Array<[LatencyPreference, string]> {
  return LATENCY_PREFERENCES.map((p) => [p, p === 'lowest' ? m.delayLowest : m.delayStable]);
}
