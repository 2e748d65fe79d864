import type { StoredTelemetryEvent } from '../store/telemetry.ts';

/** How playback went for one channel or title, from what the players reported. */
export interface SourceReport {
  sourceId: string;
  sessions: number;
  startupP50Ms: number | null;
  startupP95Ms: number | null;
  /** Time stalled over time watched (stalled + playing). */
  stallRatio: number;
  errors: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

/**
 * Per-source start-up time (p50, p95), stall ratio and error counts. Start-up and stalls come from stream
 * SLA events; watched time from the play-data events; errors from play errors.
 */
export function buildTelemetryReport(events: StoredTelemetryEvent[]): SourceReport[] {
  const by = new Map<
    string,
    { startups: number[]; sessions: number; stallMs: number; watchedMs: number; errors: number }
  >();
  const get = (id: string) => {
    let s = by.get(id);
    if (!s) {
      s = { startups: [], sessions: 0, stallMs: 0, watchedMs: 0, errors: 0 };
      by.set(id, s);
    }
    return s;
  };
  for (const e of events) {
    const s = get(e.sourceId || '(unknown)');
    const p = e.payload;
    if (e.type === 'streamSla') {
      s.sessions++;
      if (typeof p.startupMs === 'number') s.startups.push(p.startupMs);
      s.stallMs += Number(p.stallMs ?? 0);
    } else if (e.type === 'playError') {
      s.errors++;
    } else {
      s.watchedMs += Number(p.watchedMs ?? 0);
    }
  }
  return [...by.entries()]
    .map(([sourceId, s]) => {
      const sorted = [...s.startups].sort((a, b) => a - b);
      const total = s.watchedMs + s.stallMs;
      return {
        sourceId,
        sessions: s.sessions,
        startupP50Ms: percentile(sorted, 50),
        startupP95Ms: percentile(sorted, 95),
        stallRatio: total > 0 ? s.stallMs / total : 0,
        errors: s.errors,
      };
    })
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The operator's table, one line per source. */
export function formatTelemetryReport(rows: SourceReport[]): string {
  const head = 'source                 sessions  startup p50  startup p95  stall ratio  errors';
  const fmt = (v: number | null) => (v === null ? '-' : `${Math.round(v)} ms`);
  const lines = rows.map(
    (r) =>
      `${r.sourceId.padEnd(22)} ${String(r.sessions).padStart(8)}  ${fmt(r.startupP50Ms).padStart(11)}  ${fmt(
        r.startupP95Ms,
      ).padStart(
        11,
      )}  ${`${(r.stallRatio * 100).toFixed(2)}%`.padStart(11)}  ${String(r.errors).padStart(6)}`,
  );
  return [head, ...lines].join('\n');
}
