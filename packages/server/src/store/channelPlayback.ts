import type { TelemetryEventPayload } from '@ottkit/api-client';
import { LIVE_PLAYBACK_WINDOW_MS, type LivePlayback } from '@ottkit/api-client/contract';
import { type CompiledQuery, sql } from 'kysely';
import { startupBucket } from '../domain/telemetryReport.ts';
import type { Db } from './db.ts';
import { jsonDocument, jsonField, wideInteger, wideReal } from './kysely/portable.ts';
import { nearestRanks } from './kysely/nearestRank.ts';
import { query, type Statements } from './kysely/transactionally.ts';

/**
 * A channel's playback as its viewers saw it (issue 41, decision 0444): delay to viewers from the players'
 * `watching` reports, start-up and channel change from their `streamSla` events, over the last hour.
 */

/** The delay to viewers is counted per channel in slots of this length (the live health history's five minutes). */
export const LATENCY_SLOT_MS = 300_000;
const slotOf = (ms: number) => Math.floor(ms / LATENCY_SLOT_MS) * LATENCY_SLOT_MS;

type Watching = Extract<TelemetryEventPayload, { type: 'watching' }>;
/** A live `watching` report that measured the delay (a player that does not, or a VOD title, sends none). */
const withLatency = (e: TelemetryEventPayload): e is Watching & { latencyMs: number } =>
  e.type === 'watching' && e.mode === 'live' && typeof e.latencyMs === 'number';

/**
 * The statement that counts a batch's live `watching` reports into `telemetry_latency`, or none. It runs in the
 * batch's transaction before the `watching_now` upsert, and counts a report only when its subscriber's row of that
 * channel is older than it: a batch sent again (its answer lost) counts nothing twice. A report older than one
 * already counted is not counted (a minute lost, not a minute counted twice); a guest without an account has no
 * row to compare with and is not counted, as it is not among the viewers now.
 */
export function latencyMinutesStatement(
  db: Db,
  accountId: string,
  events: TelemetryEventPayload[],
): CompiledQuery | undefined {
  const reports = events.filter(withLatency);
  if (!accountId || reports.length === 0) return undefined;
  // Every value typed: PostgreSQL cannot type a bare parameter of a derived table.
  const int = sql.raw(wideInteger(db));
  const rows = sql.join(
    reports.map(
      (e) => sql`SELECT CAST(${e.sourceId ?? ''} AS TEXT) AS source_id, CAST(${e.ts} AS ${int}) AS ts,
        CAST(${slotOf(e.ts)} AS ${int}) AS slot, CAST(${startupBucket(e.latencyMs)} AS INTEGER) AS latency_ms,
        CAST(${e.lowLatency ? 1 : 0} AS INTEGER) AS low_latency`,
    ),
    sql` UNION ALL `,
  );
  return sql`INSERT INTO telemetry_latency (source_id, slot, latency_ms, low_latency, minutes)
    SELECT r.source_id, r.slot, r.latency_ms, r.low_latency, COUNT(*) FROM (${rows}) AS r
    WHERE NOT EXISTS (
      SELECT 1 FROM watching_now w
      WHERE w.account_id = ${accountId} AND w.source_id = r.source_id AND w.last_ts >= r.ts
    )
    GROUP BY r.source_id, r.slot, r.latency_ms, r.low_latency
    ON CONFLICT (source_id, slot, latency_ms, low_latency)
    DO UPDATE SET minutes = telemetry_latency.minutes + excluded.minutes`.compile(db.kysely);
}

/** Forgets the slots that started before `before` (the hourly roll-up: nothing reads them past the window). */
export function* deleteLatencyBeforeSteps(db: Db, before: number): Statements<number> {
  const gone = yield* query(db.kysely.deleteFrom('telemetry_latency').where('slot', '<', before).compile());
  return Number(gone.numAffectedRows ?? 0);
}

/** The slots the roll-up keeps at `now`: the window's, and the one it began in. */
export const latencyKeptFrom = (now: number) => slotOf(now - LIVE_PLAYBACK_WINDOW_MS);

const MEASURES = ['latency', 'startup', 'channelChange'] as const;
type Measure = (typeof MEASURES)[number];

/**
 * How long a process answers the same figures for the same channels: the screen polls every 5 s, an hour's
 * figures hardly move in 15 s, and at 10,000 viewers a page of 100 channels takes about 110 ms to read on SQLite
 * (`bench/live-playback-figures.ts`), which would run at every poll of every open console.
 */
export const PLAYBACK_FRESH_MS = 15_000;
const kept = new WeakMap<Db, Map<string, { at: number; figures: Promise<Map<string, LivePlayback>> }>>();

/**
 * The figures of these channels over the hour before `now`, each channel's (null where no player reported it),
 * read again at most every `PLAYBACK_FRESH_MS` per process (one read for the polls that ask meanwhile):
 * - p50 and p95 by nearest rank in SQL (`nearestRanks`, as the dashboard's), of the `streamSla` events' own
 *   start-up and channel-change times (raw events with `ts` in the hour: exact), and of the latency slots that
 *   began in it or in the five minutes before (a minute's value is its bucket's lower edge: within 10 ms below
 *   1 s, 100 ms below 10 s, 1 s above);
 * - the part of the viewer-minutes played in low-latency mode.
 */
export function channelPlayback(
  db: Db,
  ids: readonly string[],
  now: number,
): Promise<Map<string, LivePlayback>> {
  const byKey = kept.get(db) ?? new Map();
  kept.set(db, byKey);
  const key = [...ids].sort().join('\n');
  const hit = byKey.get(key);
  if (hit && now - hit.at < PLAYBACK_FRESH_MS && now >= hit.at) return hit.figures;
  // A few pages and single channels per console: forget the others' past reads rather than keep them all.
  if (byKey.size >= 50) byKey.clear();
  const figures = readPlayback(db, ids, now);
  byKey.set(key, { at: now, figures });
  // A failed read is not kept.
  figures.catch(() => {
    if (byKey.get(key)?.figures === figures) byKey.delete(key);
  });
  return figures;
}

async function readPlayback(db: Db, ids: readonly string[], now: number): Promise<Map<string, LivePlayback>> {
  const figures = new Map<string, LivePlayback>(
    ids.map((id) => [id, { latency: null, startup: null, channelChange: null }]),
  );
  if (ids.length === 0) return figures;
  const from = now - LIVE_PLAYBACK_WINDOW_MS;
  const channels = sql.join([...new Set(ids)]);
  const raw = sql`type = 'streamSla' AND source_id IN (${channels}) AND ts >= ${from} AND ts <= ${now}`;
  const slots = sql`source_id IN (${channels}) AND slot >= ${latencyKeptFrom(now)} AND slot <= ${now}`;
  const real = sql.raw(wideReal(db));
  const time = (field: string) => sql.raw(jsonField(db, 'j', field));
  const [ranks, modes] = await Promise.all([
    // Each event's payload parsed once (PostgreSQL: a JSONB, in a materialized CTE both measures read: half the
    // time of parsing it for each, `bench/live-playback-figures.ts`); the slots summed per value before they meet
    // the raw times.
    sql<{ source_id: string; measure: Measure; p50: number; p95: number; n: number }>`WITH s AS MATERIALIZED (
         SELECT source_id, ${sql.raw(jsonDocument(db, 'payload'))} AS j FROM telemetry_events WHERE ${raw}
       ),
       v AS (
         SELECT source_id, 'startup' AS measure, CAST(${time('startupMs')} AS ${real}) AS ms FROM s
         UNION ALL SELECT source_id, 'channelChange', CAST(${time('zapMs')} AS ${real}) FROM s
       ),
       h AS (
         SELECT source_id, measure, ms, COUNT(*) AS n FROM v WHERE ms IS NOT NULL GROUP BY source_id, measure, ms
         UNION ALL SELECT source_id, 'latency', latency_ms, SUM(minutes) FROM telemetry_latency WHERE ${slots}
         GROUP BY source_id, latency_ms
       ),
       ${nearestRanks('source_id, measure')}`.execute(db.kysely),
    sql<{ source_id: string; low: number; minutes: number }>`SELECT source_id,
         SUM(CASE WHEN low_latency = 1 THEN minutes ELSE 0 END) AS low, SUM(minutes) AS minutes
       FROM telemetry_latency WHERE ${slots} GROUP BY source_id`.execute(db.kysely),
  ]);
  const lowShare = new Map(modes.rows.map((r) => [r.source_id, Number(r.low) / Number(r.minutes)]));
  for (const r of ranks.rows) {
    const f = figures.get(r.source_id);
    if (!f || !MEASURES.includes(r.measure)) continue;
    const q = { p50Ms: Math.round(Number(r.p50)), p95Ms: Math.round(Number(r.p95)), count: Number(r.n) };
    if (r.measure === 'latency') f.latency = { ...q, lowLatencyShare: lowShare.get(r.source_id) ?? 0 };
    else f[r.measure] = q;
  }
  return figures;
}
