import { emptyTotals, type SourceTotals } from '../domain/telemetryReport.ts';
import type { Db } from './db.ts';

/** Adds a day's totals per source into the stored aggregates (standard SQL upserts, PostgreSQL too). */
export function addDailyTotals(db: Db, day: string, totals: Map<string, SourceTotals>): void {
  for (const [sourceId, t] of totals) {
    db.run(
      `INSERT INTO telemetry_daily (day, source_id, sessions, stall_ms, watched_ms, errors) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (day, source_id) DO UPDATE SET sessions = telemetry_daily.sessions + excluded.sessions,
         stall_ms = telemetry_daily.stall_ms + excluded.stall_ms,
         watched_ms = telemetry_daily.watched_ms + excluded.watched_ms,
         errors = telemetry_daily.errors + excluded.errors`,
      day,
      sourceId,
      t.sessions,
      t.stallMs,
      t.watchedMs,
      t.errors,
    );
    addHistogram(db, 'telemetry_daily_startup', 'startup_ms', day, sourceId, t.startups);
    addHistogram(db, 'telemetry_daily_zap', 'zap_ms', day, sourceId, t.zaps);
  }
}

/** Adds a day's histogram (value bucket → events) of one source into its table (start-up or channel change). */
function addHistogram(
  db: Db,
  table: 'telemetry_daily_startup' | 'telemetry_daily_zap',
  column: 'startup_ms' | 'zap_ms',
  day: string,
  sourceId: string,
  histogram: Map<number, number>,
): void {
  for (const [value, events] of histogram) {
    db.run(
      `INSERT INTO ${table} (day, source_id, ${column}, events) VALUES (?, ?, ?, ?)
       ON CONFLICT (day, source_id, ${column}) DO UPDATE SET events = ${table}.events + excluded.events`,
      day,
      sourceId,
      value,
      events,
    );
  }
}

/** The stored aggregates of the days from `sinceDay` (YYYY-MM-DD) on, per source. */
export function dailyTotalsSince(db: Db, sinceDay: string): Map<string, SourceTotals> {
  const totals = new Map<string, SourceTotals>();
  const get = (id: string) => {
    const t = totals.get(id) ?? emptyTotals();
    totals.set(id, t);
    return t;
  };
  for (const r of db.all<{
    source_id: string;
    sessions: number;
    stall_ms: number;
    watched_ms: number;
    errors: number;
  }>(
    'SELECT source_id, sessions, stall_ms, watched_ms, errors FROM telemetry_daily WHERE day >= ?',
    sinceDay,
  )) {
    const t = get(r.source_id);
    t.sessions += Number(r.sessions);
    t.stallMs += Number(r.stall_ms);
    t.watchedMs += Number(r.watched_ms);
    t.errors += Number(r.errors);
  }
  const histogram = (table: string, column: string, pick: (t: SourceTotals) => Map<number, number>) => {
    for (const r of db.all<{ source_id: string; value: number; events: number }>(
      `SELECT source_id, ${column} AS value, events FROM ${table} WHERE day >= ?`,
      sinceDay,
    )) {
      const h = pick(get(r.source_id));
      h.set(Number(r.value), (h.get(Number(r.value)) ?? 0) + Number(r.events));
    }
  };
  histogram('telemetry_daily_startup', 'startup_ms', (t) => t.startups);
  histogram('telemetry_daily_zap', 'zap_ms', (t) => t.zaps);
  return totals;
}

/** Forgets the aggregates of days before `beforeDay`; returns how many day rows went. */
export function deleteDailyBefore(db: Db, beforeDay: string): number {
  db.run('DELETE FROM telemetry_daily_startup WHERE day < ?', beforeDay);
  db.run('DELETE FROM telemetry_daily_zap WHERE day < ?', beforeDay);
  return db.run('DELETE FROM telemetry_daily WHERE day < ?', beforeDay).changes;
}
