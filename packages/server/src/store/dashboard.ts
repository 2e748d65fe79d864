import type { Db } from './db.ts';
import { UNREPORTED } from './servedPlays.ts';
import { SESSION_END_TYPES } from './telemetry.ts';

/**
 * The dashboard's aggregates in SQL (decision 0215): raw events of the window plus the daily aggregates of the
 * days already rolled up (the two never overlap: rolling up deletes the raw rows). Buckets are `ts / bucketMs`;
 * one more row, at WHOLE, sums the window from the same reading of the rows.
 */
export interface Range {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  bucketMs: number;
}

const PLAY_TYPES = `(${SESSION_END_TYPES.map((t) => `'${t}'`).join(', ')})`;
// JSON fields are cast to REAL: PostgreSQL reads them as text (decision 0275); numbers stay numbers in JavaScript.
/** A rolled-up day's start, epoch ms (the day column is YYYY-MM-DD, UTC). */
const DAY_MS = "CAST(strftime('%s', day) AS INTEGER) * 1000";
// Parameters arrive as REAL from node:sqlite: cast so the division is an integer one.
/** The `at` of the row that sums the whole window (every real bucket starts at a time ≥ 0). */
export const WHOLE = -1;
const bucketOf = (col: string) => `(${col} / CAST(? AS INTEGER)) * CAST(? AS INTEGER)`;
/** Raw rows of a type in the range, then daily rows in the range. */
const RAW = 'ts >= ? AND ts < ?';
/** Daily rows by their key (the primary key's first column), so only the window's days are read. */
const DAILY = 'day >= ? AND day < ?';
const DAY = 86_400_000;
/** The first UTC day that starts at or after `ms`, as YYYY-MM-DD. */
const dayFrom = (ms: number) => new Date(Math.ceil(ms / DAY) * DAY).toISOString().slice(0, 10);

/** The parameters of a bucketed statement: the raw rows' bucket and range, then the daily rows'. */
const bucketed = (r: Range) => {
  return [r.bucketMs, r.bucketMs, r.from, r.to, r.bucketMs, r.bucketMs, dayFrom(r.from), dayFrom(r.to)];
};

/** Plays (sessions), stalled and watched time, errors per bucket, and the window's (at WHOLE). */
export function totalsByBucket(db: Db, r: Range) {
  return db.all<{ at: number; plays: number; stall_ms: number; watched_ms: number; errors: number }>(
    `WITH t AS (
       SELECT at, SUM(plays) AS plays, SUM(stall_ms) AS stall_ms, SUM(watched_ms) AS watched_ms,
              SUM(errors) AS errors FROM (
         SELECT ${bucketOf('ts')} AS at,
                SUM(CASE WHEN type = 'streamSla' THEN 1 ELSE 0 END) AS plays,
                SUM(CASE WHEN type = 'streamSla' THEN CAST(json_extract(payload, '$.stallMs') AS REAL) ELSE 0 END) AS stall_ms,
                SUM(CASE WHEN type IN ${PLAY_TYPES} THEN CAST(json_extract(payload, '$.watchedMs') AS REAL) ELSE 0 END)
                  AS watched_ms,
                SUM(CASE WHEN type = 'playError' THEN 1 ELSE 0 END) AS errors
         FROM telemetry_events WHERE ${RAW} GROUP BY 1
         UNION ALL
         SELECT ${bucketOf(DAY_MS)}, sessions, stall_ms, watched_ms, errors FROM (
           SELECT day, SUM(sessions) AS sessions, SUM(stall_ms) AS stall_ms, SUM(watched_ms) AS watched_ms,
                  SUM(errors) AS errors
           FROM telemetry_daily WHERE ${DAILY} GROUP BY day
         )
       ) GROUP BY at
     )
     SELECT * FROM t
     UNION ALL SELECT ${WHOLE}, SUM(plays), SUM(stall_ms), SUM(watched_ms), SUM(errors) FROM t
     ORDER BY at`,
    ...bucketed(r),
  );
}

/**
 * The plays the origin served and no player reported (decision 0389), per bucket and the window's at WHOLE: the
 * stretches that ended (by their last serving) in the window and before `endedBefore` (quiet since: the play is
 * over), then the settled days' count. The dashboard adds them to the players' plays.
 */
export function servedPlaysByBucket(db: Db, r: Range, endedBefore: number) {
  return db.all<{ at: number; plays: number }>(
    `WITH t AS (
       SELECT at, SUM(plays) AS plays FROM (
         SELECT ${bucketOf('s.last_at')} AS at, COUNT(*) AS plays
         FROM served_plays s WHERE s.last_at >= ? AND s.last_at < ? AND s.last_at < ? AND ${UNREPORTED}
         GROUP BY 1
         UNION ALL
         SELECT ${bucketOf(DAY_MS)}, plays FROM (
           SELECT day, SUM(served_sessions) AS plays FROM telemetry_daily WHERE ${DAILY} GROUP BY day
         )
       ) GROUP BY at
     )
     SELECT * FROM t
     UNION ALL SELECT ${WHOLE}, SUM(plays) FROM t
     ORDER BY at`,
    r.bucketMs,
    r.bucketMs,
    r.from,
    r.to,
    endedBefore,
    r.bucketMs,
    r.bucketMs,
    dayFrom(r.from),
    dayFrom(r.to),
  );
}

/** The timed measures of the stream SLA events: the raw JSON field and the rolled-up days' histogram. */
const MEASURES = {
  startup: { field: '$.startupMs', daily: 'telemetry_daily_startup', column: 'startup_ms' },
  channelChange: { field: '$.zapMs', daily: 'telemetry_daily_zap', column: 'zap_ms' },
} as const;
export type Measure = keyof typeof MEASURES;

/**
 * p50 and p95 of a measure (start-up or channel-change time) per bucket, and the window's at WHOLE, by nearest
 * rank over the weighted values (raw times, and the daily histograms' buckets): a running sum per bucket, the
 * first value whose running sum reaches ceil(p × total / 100). `n` is how many values each bucket had.
 */
export function percentilesByBucket(db: Db, r: Range, measure: Measure) {
  const m = MEASURES[measure];
  return db.all<{ at: number; p50: number | null; p95: number | null; n: number }>(
    `WITH v AS (
       SELECT ${bucketOf('ts')} AS at, CAST(json_extract(payload, '${m.field}') AS REAL) AS ms, 1 AS n
       FROM telemetry_events WHERE type = 'streamSla' AND ${RAW}
         AND json_extract(payload, '${m.field}') IS NOT NULL
       UNION ALL
       SELECT ${bucketOf(DAY_MS)}, ${m.column}, n FROM (
         SELECT day, ${m.column}, SUM(events) AS n FROM ${m.daily} WHERE ${DAILY}
         GROUP BY day, ${m.column}
       )
     ),
     hb AS (SELECT at, ms, SUM(n) AS n FROM v GROUP BY at, ms),
     h AS (SELECT at, ms, n FROM hb UNION ALL SELECT ${WHOLE}, ms, SUM(n) FROM hb GROUP BY ms),
     c AS (
       SELECT at, ms, SUM(n) OVER (PARTITION BY at ORDER BY ms ROWS UNBOUNDED PRECEDING) AS run,
              SUM(n) OVER (PARTITION BY at) AS total
       FROM h
     )
     SELECT at, MIN(CASE WHEN run * 100 >= total * 50 THEN ms END) AS p50,
            MIN(CASE WHEN run * 100 >= total * 95 THEN ms END) AS p95, MAX(total) AS n
     FROM c GROUP BY at ORDER BY at`,
    ...bucketed(r),
  );
}

/** Start-up p50 and p95 per bucket (and the window's, at WHOLE). */
export const startupByBucket = (db: Db, r: Range) => percentilesByBucket(db, r, 'startup');

/** Playback errors by code; rolled-up days only kept a count (kind ""). */
export function errorsByKind(db: Db, r: Range) {
  return db.all<{ kind: string; count: number }>(
    `SELECT kind, SUM(n) AS count FROM (
       SELECT COALESCE(json_extract(payload, '$.code'), '') AS kind, COUNT(*) AS n
       FROM telemetry_events WHERE type = 'playError' AND ${RAW} GROUP BY 1
       UNION ALL
       SELECT '', SUM(errors) FROM telemetry_daily WHERE ${DAILY}
     ) WHERE n > 0 GROUP BY kind ORDER BY count DESC, kind`,
    r.from,
    r.to,
    dayFrom(r.from),
    dayFrom(r.to),
  );
}

/**
 * Subscribers watching now, per channel or title (source id) with the line-up's name and number when the source is
 * a channel (decision 0370: operators know channels by name), from `watching_now`: a player reported playing it
 * at or after `since` (server time) and its session has not ended. The total counts each subscriber once.
 */
export function viewersSince(db: Db, since: number) {
  const rows = db.all<{ source_id: string; viewers: number; name: string | null; seq: number | null }>(
    `SELECT v.source_id, v.viewers, c.logical_channel_name AS name, c.channel_seq AS seq FROM (
       SELECT source_id, COUNT(DISTINCT account_id) AS viewers FROM watching_now
       WHERE received_at >= ? GROUP BY source_id
     ) v LEFT JOIN channels c ON c.logical_channel_id = v.source_id
     ORDER BY v.viewers DESC, v.source_id LIMIT 50`,
    since,
  );
  return { total: viewersTotal(db, since), rows };
}

/** Accounts that reported watching since `since` (the dashboard's viewers now, the metrics' viewers gauge). */
export function viewersTotal(db: Db, since: number): number {
  const total = db.get<{ n: number }>(
    'SELECT COUNT(DISTINCT account_id) AS n FROM watching_now WHERE received_at >= ?',
    since,
  );
  return Number(total?.n ?? 0);
}
