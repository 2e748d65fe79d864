import { emptyTotals, type SourceTotals } from '../domain/telemetryReport.ts';
import type { Db } from './db.ts';
import { query, type Statements, transactionally } from './kysely/transactionally.ts';

/**
 * Adds a day's totals per source into the stored aggregates, as statements of the roll-up's transaction on the
 * asynchronous store (decision 0440): standard upserts, the same on both engines.
 */
export function* addDailyTotalsSteps(
  db: Db,
  day: string,
  totals: Map<string, SourceTotals>,
): Statements<void> {
  const k = db.kysely;
  for (const [source_id, t] of totals) {
    yield* query(
      k
        .insertInto('telemetry_daily')
        .values({
          day,
          source_id,
          sessions: t.sessions,
          stall_ms: t.stallMs,
          watched_ms: t.watchedMs,
          errors: t.errors,
        })
        .onConflict((oc) =>
          oc.columns(['day', 'source_id']).doUpdateSet((eb) => ({
            sessions: eb('telemetry_daily.sessions', '+', eb.ref('excluded.sessions')),
            stall_ms: eb('telemetry_daily.stall_ms', '+', eb.ref('excluded.stall_ms')),
            watched_ms: eb('telemetry_daily.watched_ms', '+', eb.ref('excluded.watched_ms')),
            errors: eb('telemetry_daily.errors', '+', eb.ref('excluded.errors')),
          })),
        )
        .compile(),
    );
    // A day's histograms (value bucket → events) of the source: start-up times and channel changes.
    const startups = [...t.startups].map(([startup_ms, events]) => ({ day, source_id, startup_ms, events }));
    if (startups.length > 0)
      yield* query(
        k
          .insertInto('telemetry_daily_startup')
          .values(startups)
          .onConflict((oc) =>
            oc.columns(['day', 'source_id', 'startup_ms']).doUpdateSet((eb) => ({
              events: eb('telemetry_daily_startup.events', '+', eb.ref('excluded.events')),
            })),
          )
          .compile(),
      );
    const zaps = [...t.zaps].map(([zap_ms, events]) => ({ day, source_id, zap_ms, events }));
    if (zaps.length > 0)
      yield* query(
        k
          .insertInto('telemetry_daily_zap')
          .values(zaps)
          .onConflict((oc) =>
            oc.columns(['day', 'source_id', 'zap_ms']).doUpdateSet((eb) => ({
              events: eb('telemetry_daily_zap.events', '+', eb.ref('excluded.events')),
            })),
          )
          .compile(),
      );
  }
}

/** `addDailyTotalsSteps` as a transaction of its own (a test's aggregates). */
export const addDailyTotals = (db: Db, day: string, totals: Map<string, SourceTotals>) =>
  transactionally(db, () => addDailyTotalsSteps(db, day, totals));

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

/** Forgets the aggregates of days before `beforeDay`; answers how many day rows went. */
export function* deleteDailyBeforeSteps(db: Db, beforeDay: string): Statements<number> {
  const k = db.kysely;
  yield* query(k.deleteFrom('telemetry_daily_startup').where('day', '<', beforeDay).compile());
  yield* query(k.deleteFrom('telemetry_daily_zap').where('day', '<', beforeDay).compile());
  return Number(
    (yield* query(k.deleteFrom('telemetry_daily').where('day', '<', beforeDay).compile())).numAffectedRows ??
      0,
  );
}
