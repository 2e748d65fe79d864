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
    for (const [startupMs, events] of t.startups) {
      db.run(
        `INSERT INTO telemetry_daily_startup (day, source_id, startup_ms, events) VALUES (?, ?, ?, ?)
         ON CONFLICT (day, source_id, startup_ms) DO UPDATE SET events = telemetry_daily_startup.events + excluded.events`,
        day,
        sourceId,
        startupMs,
        events,
      );
    }
    for (const [zapMs, events] of t.zaps) {
      db.run(
        `INSERT INTO telemetry_daily_zap (day, source_id, zap_ms, events) VALUES (?, ?, ?, ?)
         ON CONFLICT (day, source_id, zap_ms) DO UPDATE SET events = telemetry_daily_zap.events + excluded.events`,
        day,
        sourceId,
        zapMs,
        events,
      );
    }
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
  for (const r of db.all<{ source_id: string; startup_ms: number; events: number }>(
    'SELECT source_id, startup_ms, events FROM telemetry_daily_startup WHERE day >= ?',
    sinceDay,
  )) {
    const t = get(r.source_id);
    t.startups.set(Number(r.startup_ms), (t.startups.get(Number(r.startup_ms)) ?? 0) + Number(r.events));
  }
  for (const r of db.all<{ source_id: string; zap_ms: number; events: number }>(
    'SELECT source_id, zap_ms, events FROM telemetry_daily_zap WHERE day >= ?',
    sinceDay,
  )) {
    const t = get(r.source_id);
    t.zaps.set(Number(r.zap_ms), (t.zaps.get(Number(r.zap_ms)) ?? 0) + Number(r.events));
  }
  return totals;
}

/** Forgets the aggregates of days before `beforeDay`; returns how many day rows went. */
export function deleteDailyBefore(db: Db, beforeDay: string): number {
  db.run('DELETE FROM telemetry_daily_startup WHERE day < ?', beforeDay);
  db.run('DELETE FROM telemetry_daily_zap WHERE day < ?', beforeDay);
  return db.run('DELETE FROM telemetry_daily WHERE day < ?', beforeDay).changes;
}
