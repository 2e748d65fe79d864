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

/** What one source adds up to: the same shape for raw events and for the stored daily aggregates. */
export interface SourceTotals {
  sessions: number;
  stallMs: number;
  watchedMs: number;
  errors: number;
  /** Start-up times as a histogram: bucket (ms, see startupBucket) → how many. */
  startups: Map<number, number>;
  /** Channel-change times (key or click to the new channel's first frame), bucketed the same way. */
  zaps: Map<number, number>;
}

export const emptyTotals = (): SourceTotals => ({
  sessions: 0,
  stallMs: 0,
  watchedMs: 0,
  errors: 0,
  startups: new Map(),
  zaps: new Map(),
});

/**
 * Start-up times kept to two significant figures (10 ms steps below 1 s, 100 ms below 10 s, then seconds), so a
 * day's aggregate is a short histogram whatever the traffic, and percentiles stay within 10 %.
 */
export function startupBucket(ms: number): number {
  const step = ms < 1000 ? 10 : ms < 10_000 ? 100 : 1000;
  return Math.floor(ms / step) * step;
}

/** Adds one event to its source's totals. Start-up and stalls come from stream SLA events; watched time from the
 * play-data events; errors from play errors. */
export function addEvent(totals: Map<string, SourceTotals>, e: StoredTelemetryEvent): void {
  const id = e.sourceId || '(unknown)';
  let s = totals.get(id);
  if (!s) {
    s = emptyTotals();
    totals.set(id, s);
  }
  const p = e.payload;
  if (e.type === 'streamSla') {
    s.sessions++;
    if (typeof p.startupMs === 'number') {
      const b = startupBucket(p.startupMs);
      s.startups.set(b, (s.startups.get(b) ?? 0) + 1);
    }
    if (typeof p.zapMs === 'number') {
      const b = startupBucket(p.zapMs);
      s.zaps.set(b, (s.zaps.get(b) ?? 0) + 1);
    }
    s.stallMs += Number(p.stallMs ?? 0);
  } else if (e.type === 'playError') {
    s.errors++;
  } else {
    s.watchedMs += Number(p.watchedMs ?? 0);
  }
}

/** Adds `b` into `a` (both per source). */
export function mergeTotals(
  a: Map<string, SourceTotals>,
  b: Map<string, SourceTotals>,
): Map<string, SourceTotals> {
  for (const [id, t] of b) {
    const s = a.get(id) ?? emptyTotals();
    s.sessions += t.sessions;
    s.stallMs += t.stallMs;
    s.watchedMs += t.watchedMs;
    s.errors += t.errors;
    for (const [bucket, n] of t.startups) s.startups.set(bucket, (s.startups.get(bucket) ?? 0) + n);
    for (const [bucket, n] of t.zaps) s.zaps.set(bucket, (s.zaps.get(bucket) ?? 0) + n);
    a.set(id, s);
  }
  return a;
}

/** Nearest-rank percentile of a histogram. */
function histogramPercentile(h: Map<number, number>, p: number): number | null {
  const sorted = [...h.entries()].sort((x, y) => x[0] - y[0]);
  const total = sorted.reduce((n, [, c]) => n + c, 0);
  if (total === 0) return null;
  const rank = Math.min(total, Math.max(1, Math.ceil((p / 100) * total)));
  let seen = 0;
  for (const [value, count] of sorted) {
    seen += count;
    if (seen >= rank) return value;
  }
  return null;
}

/** Per-source start-up time (p50, p95), stall ratio and error counts from totals. */
export function reportFromTotals(totals: Map<string, SourceTotals>): SourceReport[] {
  return [...totals.entries()]
    .map(([sourceId, s]) => {
      const total = s.watchedMs + s.stallMs;
      return {
        sourceId,
        sessions: s.sessions,
        startupP50Ms: histogramPercentile(s.startups, 50),
        startupP95Ms: histogramPercentile(s.startups, 95),
        stallRatio: total > 0 ? s.stallMs / total : 0,
        errors: s.errors,
      };
    })
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The report of a list of raw events. */
export function buildTelemetryReport(events: StoredTelemetryEvent[]): SourceReport[] {
  const totals = new Map<string, SourceTotals>();
  for (const e of events) addEvent(totals, e);
  return reportFromTotals(totals);
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
