import { deleteLatencyBeforeSteps, latencyKeptFrom } from '../store/channelPlayback.ts';
import { addDailyTotalsSteps, dailyTotalsSince, deleteDailyBeforeSteps } from '../store/telemetryDaily.ts';
import {
  deleteTelemetryEventsReceivedBySteps,
  deleteWatchingBeforeSteps,
  type StoredTelemetryEvent,
  telemetryEventsReceivedBySteps,
  telemetryEventsSince,
} from '../store/telemetry.ts';
import type { Db } from '../store/db.ts';
import { transactionally } from '../store/kysely/transactionally.ts';
import { SERVED_MATCH_SLACK_MS, settleServedPlaysSteps } from '../store/servedPlays.ts';
import {
  addEvent,
  mergeTotals,
  reportFromTotals,
  type SourceReport,
  type SourceTotals,
} from './telemetryReport.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Raw events stay this long (retries of a batch within it are still recognised by event id), then are rolled up. */
export const TELEMETRY_RAW_KEEP_MS = 2 * DAY;
/** A client's `ts` further than this from when we received it is not believed for the day it counts on. */
const TS_TRUST_MS = 30 * DAY;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day an event counts on: its own time when plausible, otherwise when it arrived. */
function eventDay(e: { ts: number; receivedAt: number }): string {
  return dayOf(Math.abs(e.ts - e.receivedAt) <= TS_TRUST_MS ? e.ts : e.receivedAt);
}

/**
 * The housekeeping step for telemetry (decision 0161): raw events older than two days become per-day,
 * per-source aggregates, and aggregates older than the retention are deleted. One transaction: an event is
 * either still raw or counted, never both, never lost. On the asynchronous store (decision 0440): the hourly roll-up
 * of two days of a large audience's events no longer stops a PostgreSQL process while it runs.
 */
export function rollUpTelemetry(db: Db, now: number, retentionDays: number) {
  return transactionally(db, function* () {
    const cutoff = now - TELEMETRY_RAW_KEEP_MS;
    // The plays the origin served are settled first, while the raw reports they are matched with are still here
    // (decision 0389): those no player reported count in their day's aggregates. The slack keeps a play whose
    // report goes now (received by the cutoff) from being matched later without it.
    yield* settleServedPlaysSteps(db, cutoff + SERVED_MATCH_SLACK_MS);
    const byDay = new Map<string, Map<string, SourceTotals>>();
    for (const e of yield* telemetryEventsReceivedBySteps(db, cutoff)) {
      const day = eventDay(e);
      const totals = byDay.get(day) ?? new Map<string, SourceTotals>();
      byDay.set(day, totals);
      addEvent(totals, e);
    }
    for (const [day, totals] of byDay) yield* addDailyTotalsSteps(db, day, totals);
    const rolledUp = yield* deleteTelemetryEventsReceivedBySteps(db, cutoff);
    const expiredDays = yield* deleteDailyBeforeSteps(db, dayOf(now - retentionDays * DAY));
    // Subscribers whose players went quiet without ending their session: no longer counted (viewersSince), gone.
    yield* deleteWatchingBeforeSteps(db, now - DAY);
    // The delay to viewers is read over the last hour only (decision 0444).
    yield* deleteLatencyBeforeSteps(db, latencyKeptFrom(now));
    return { rolledUp, expiredDays };
  });
}

/** The operator's report over the days since `since` (epoch ms): stored aggregates plus the raw events not yet rolled up. */
export function telemetryReportSince(db: Db, since: number): SourceReport[] {
  const raw = new Map<string, SourceTotals>();
  for (const e of telemetryEventsSince(db, since) as StoredTelemetryEvent[]) addEvent(raw, e);
  return reportFromTotals(mergeTotals(dailyTotalsSince(db, dayOf(since)), raw));
}
