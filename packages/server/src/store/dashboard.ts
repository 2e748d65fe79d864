import { type RawBuilder, sql } from 'kysely';
import type { Db } from './db.ts';
import { nearestRanks } from './kysely/nearestRank.ts';
import { dayStartMs, jsonField, wideInteger, wideReal } from './kysely/portable.ts';
import { unreported } from './servedPlays.ts';
import { SESSION_END_TYPES } from './telemetry.ts';

/**
 * The dashboard's aggregates in SQL (decision 0215): raw events of the window plus the daily aggregates of the
 * days already rolled up (the two never overlap: rolling up deletes the raw rows). Buckets are `ts / bucketMs`;
 * one more row, at WHOLE, sums the window from the same reading of the rows. On the asynchronous store (decision
 * 0433): Kysely `sql` templates, the values bound, the few spellings the engines differ on from
 * `kysely/portable.ts`.
 */
export interface Range {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  bucketMs: number;
}

const PLAY_TYPES = sql.raw(`(${SESSION_END_TYPES.map((t) => `'${t}'`).join(', ')})`);
/** The `at` of the row that sums the whole window (every real bucket starts at a time ≥ 0). */
export const WHOLE = -1;
/** WHOLE written into a statement: as a bound value PostgreSQL could not type it in a UNION. */
const WHOLE_AT = sql.raw(String(WHOLE));
const DAY = 86_400_000;
/** The first UTC day that starts at or after `ms`, as YYYY-MM-DD. */
const dayFrom = (ms: number) => new Date(Math.ceil(ms / DAY) * DAY).toISOString().slice(0, 10);

/** What every bucketed statement is written from, for one store and range. */
function terms(db: Db, r: Range) {
  const int = sql.raw(wideInteger(db));
  // Parameters arrive as REAL from node:sqlite: cast so the division is an integer one.
  const bucketOf = (column: string) =>
    sql`(${sql.raw(column)} / CAST(${r.bucketMs} AS ${int})) * CAST(${r.bucketMs} AS ${int})`;
  // JSON fields are cast to a wide real: PostgreSQL reads them as text; numbers stay numbers in JavaScript.
  const number = (field: string) => sql.raw(`CAST(${jsonField(db, 'payload', field)} AS ${wideReal(db)})`);
  return {
    bucketOf,
    number,
    /** A rolled-up day's bucket. */
    dayBucket: bucketOf(dayStartMs(db, 'day')),
    /** Raw rows in the range. */
    raw: sql`ts >= ${r.from} AND ts < ${r.to}`,
    /** Daily rows by their key (the primary key's first column), so only the window's days are read. */
    daily: sql`day >= ${dayFrom(r.from)} AND day < ${dayFrom(r.to)}`,
  };
}

async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db.kysely)).rows;
}

/** Plays (sessions), stalled and watched time, errors per bucket, and the window's (at WHOLE). */
export function totalsByBucket(db: Db, r: Range) {
  const { bucketOf, number, dayBucket, raw, daily } = terms(db, r);
  return rows(
    db,
    sql<{ at: number; plays: number; stall_ms: number; watched_ms: number; errors: number }>`WITH t AS (
       SELECT at, SUM(plays) AS plays, SUM(stall_ms) AS stall_ms, SUM(watched_ms) AS watched_ms,
              SUM(errors) AS errors FROM (
         SELECT ${bucketOf('ts')} AS at,
                SUM(CASE WHEN type = 'streamSla' THEN 1 ELSE 0 END) AS plays,
                SUM(CASE WHEN type = 'streamSla' THEN ${number('stallMs')} ELSE 0 END) AS stall_ms,
                SUM(CASE WHEN type IN ${PLAY_TYPES} THEN ${number('watchedMs')} ELSE 0 END) AS watched_ms,
                SUM(CASE WHEN type = 'playError' THEN 1 ELSE 0 END) AS errors
         FROM telemetry_events WHERE ${raw} GROUP BY 1
         UNION ALL
         SELECT ${dayBucket}, sessions, stall_ms, watched_ms, errors FROM (
           SELECT day, SUM(sessions) AS sessions, SUM(stall_ms) AS stall_ms, SUM(watched_ms) AS watched_ms,
                  SUM(errors) AS errors
           FROM telemetry_daily WHERE ${daily} GROUP BY day
         ) AS days
       ) AS both_kinds GROUP BY at
     )
     SELECT * FROM t
     UNION ALL SELECT ${WHOLE_AT}, SUM(plays), SUM(stall_ms), SUM(watched_ms), SUM(errors) FROM t
     ORDER BY at`,
  );
}

/**
 * The plays the origin served and no player reported (decision 0389), per bucket and the window's at WHOLE: the
 * stretches that ended (by their last serving) in the window and before `endedBefore` (quiet since: the play is
 * over), then the settled days' count. The dashboard adds them to the players' plays.
 */
export function servedPlaysByBucket(db: Db, r: Range, endedBefore: number) {
  const { bucketOf, dayBucket, daily } = terms(db, r);
  return rows(
    db,
    sql<{ at: number; plays: number }>`WITH t AS (
       SELECT at, SUM(plays) AS plays FROM (
         SELECT ${bucketOf('s.last_at')} AS at, COUNT(*) AS plays
         FROM served_plays s
         WHERE s.last_at >= ${r.from} AND s.last_at < ${r.to} AND s.last_at < ${endedBefore}
           AND ${sql.raw(unreported(db))}
         GROUP BY 1
         UNION ALL
         SELECT ${dayBucket}, plays FROM (
           SELECT day, SUM(served_sessions) AS plays FROM telemetry_daily WHERE ${daily} GROUP BY day
         ) AS days
       ) AS both_kinds GROUP BY at
     )
     SELECT * FROM t
     UNION ALL SELECT ${WHOLE_AT}, SUM(plays) FROM t
     ORDER BY at`,
  );
}

/** The timed measures of the stream SLA events: the raw JSON field and the rolled-up days' histogram. */
const MEASURES = {
  startup: { field: 'startupMs', daily: 'telemetry_daily_startup', column: 'startup_ms' },
  channelChange: { field: 'zapMs', daily: 'telemetry_daily_zap', column: 'zap_ms' },
} as const;
export type Measure = keyof typeof MEASURES;

/**
 * p50 and p95 of a measure (start-up or channel-change time) per bucket, and the window's at WHOLE, by nearest
 * rank over the weighted values (raw times, and the daily histograms' buckets; `nearestRanks`). `n` is how many
 * values each bucket had.
 */
export function percentilesByBucket(db: Db, r: Range, measure: Measure) {
  const m = MEASURES[measure];
  const { bucketOf, number, dayBucket, raw, daily } = terms(db, r);
  const column = sql.raw(m.column);
  return rows(
    db,
    sql<{ at: number; p50: number | null; p95: number | null; n: number }>`WITH v AS (
       SELECT ${bucketOf('ts')} AS at, ${number(m.field)} AS ms, 1 AS n
       FROM telemetry_events WHERE type = 'streamSla' AND ${raw}
         AND ${sql.raw(jsonField(db, 'payload', m.field))} IS NOT NULL
       UNION ALL
       SELECT ${dayBucket}, ${column}, n FROM (
         SELECT day, ${column}, SUM(events) AS n FROM ${sql.raw(m.daily)} WHERE ${daily}
         GROUP BY day, ${column}
       ) AS days
     ),
     hb AS (SELECT at, ms, SUM(n) AS n FROM v GROUP BY at, ms),
     h AS (SELECT at, ms, n FROM hb UNION ALL SELECT ${WHOLE_AT}, ms, SUM(n) FROM hb GROUP BY ms),
     ${nearestRanks('at')} ORDER BY at`,
  );
}

/** Playback errors by code; rolled-up days only kept a count (kind ""). */
export function errorsByKind(db: Db, r: Range) {
  const { raw, daily } = terms(db, r);
  return rows(
    db,
    sql<{ kind: string; count: number }>`SELECT kind, SUM(n) AS count FROM (
       SELECT COALESCE(${sql.raw(jsonField(db, 'payload', 'code'))}, '') AS kind, COUNT(*) AS n
       FROM telemetry_events WHERE type = 'playError' AND ${raw} GROUP BY 1
       UNION ALL
       SELECT '', SUM(errors) FROM telemetry_daily WHERE ${daily}
     ) AS kinds WHERE n > 0 GROUP BY kind ORDER BY count DESC, kind`,
  );
}

/**
 * Subscribers watching now, per channel or title (source id) with the line-up's name and number when the source is
 * a channel (decision 0370: operators know channels by name), from `watching_now`: a player reported playing it
 * at or after `since` (server time) and its session has not ended. The total counts each subscriber once.
 */
export async function viewersSince(db: Db, since: number) {
  const [total, channels] = await Promise.all([
    viewersTotal(db, since),
    rows(
      db,
      sql<{ source_id: string; viewers: number; name: string | null; seq: number | null }>`SELECT v.source_id,
         v.viewers, c.logical_channel_name AS name, c.channel_seq AS seq FROM (
         SELECT source_id, COUNT(DISTINCT account_id) AS viewers FROM watching_now
         WHERE received_at >= ${since} GROUP BY source_id
       ) v LEFT JOIN channels c ON c.logical_channel_id = v.source_id
       ORDER BY v.viewers DESC, v.source_id LIMIT 50`,
    ),
  ]);
  return { total, rows: channels };
}

/** Accounts that reported watching since `since` (the dashboard's viewers now, the metrics' viewers gauge). */
export async function viewersTotal(db: Db, since: number): Promise<number> {
  const total = await db.kysely
    .selectFrom('watching_now')
    .select((eb) => eb.fn.count('account_id').distinct().as('n'))
    .where('received_at', '>=', since)
    .executeTakeFirst();
  return Number(total?.n ?? 0);
}
