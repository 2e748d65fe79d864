import { type SqlBool, sql } from 'kysely';
import type { Db } from './db.ts';
import { query, type Statements } from './kysely/transactionally.ts';
import { jsonField, wideReal } from './kysely/portable.ts';
import { SESSION_END_TYPES } from './telemetry.ts';

/**
 * The plays the origin served (decision 0389): one row per subscriber, source (the channel or title the URL was
 * handed out for) and stretch of serving. A stretch ends when nothing of it was served for SERVED_QUIET_MS: the
 * play is over as far as the server can tell. Such a play counts on the dashboard unless its player reported it.
 */

/** Nothing served of a play for this long ends it (a paused VOD fetches nothing; its report still matches). */
export const SERVED_QUIET_MS = 5 * 60_000;
/** How far a player's clock may be from the server's when its report is matched with a served play. */
export const SERVED_MATCH_SLACK_MS = 2 * 60_000;

/**
 * Extends the subscriber's current play of the source to `at`, or starts one. No transaction: two processes that
 * both start the same play at once leave two rows, and `unreported` counts the earlier one only. On the
 * asynchronous store (issue 39): the origin serves on while it is written.
 */
export async function touchServedPlay(
  db: Db,
  accountId: string,
  sourceId: string,
  at: number,
): Promise<void> {
  const k = db.kysely;
  // A literal: PostgreSQL cannot type a parameter that is both branches' value of a CASE.
  const when = sql.lit(Math.trunc(at));
  const extended = await k
    .updateTable('served_plays')
    .set({ last_at: sql`CASE WHEN last_at > ${when} THEN last_at ELSE ${when} END` })
    .where('account_id', '=', accountId)
    .where('source_id', '=', sourceId)
    .where('last_at', '>=', at - SERVED_QUIET_MS)
    .where('first_at', '<=', at)
    .executeTakeFirst();
  if (Number(extended.numUpdatedRows) > 0) return;
  await k
    .insertInto('served_plays')
    .values({ account_id: accountId, source_id: sourceId, first_at: at, last_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'source_id', 'first_at']).doNothing())
    .execute();
}

const REPORT_TYPES = ['streamSla', ...SESSION_END_TYPES].map((t) => `'${t}'`).join(', ');

/**
 * The conditions on a served play `s` that make it a play the players did not report, for a WHERE clause:
 * - it is the first row of its stretch (a second process's row started at the same moment is not a second play);
 * - no report of the same subscriber and source overlaps it: a session's end (`ts`) at or after the play's start
 *   and its start (`startedAt`, the play-data events; the stream SLA has only its end) at or before the play's
 *   last serving, both give or take SERVED_MATCH_SLACK_MS. A report that arrives late (the next visit) still
 *   matches, and the play then counts once, as the player's.
 */
export const unreported = (db: Db) => `NOT EXISTS (
    SELECT 1 FROM served_plays o
    WHERE o.account_id = s.account_id AND o.source_id = s.source_id AND o.first_at < s.first_at
      AND o.last_at >= s.first_at - ${SERVED_QUIET_MS}
  )
  AND NOT EXISTS (
    SELECT 1 FROM telemetry_events e
    WHERE e.account_id = s.account_id AND e.source_id = s.source_id AND e.type IN (${REPORT_TYPES})
      AND e.ts >= s.first_at - ${SERVED_MATCH_SLACK_MS}
      AND COALESCE(CAST(${jsonField(db, 'e.payload', 'startedAt')} AS ${wideReal(db)}), e.ts)
        <= s.last_at + ${SERVED_MATCH_SLACK_MS}
  )`;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The housekeeping's part (with the telemetry roll-up, before the raw events it matches against go): the served
 * plays that ended before `endedBefore` are settled. Those no player reported are added to their day's
 * aggregates (`telemetry_daily.served_sessions`, by the day they ended); all of them are then forgotten.
 */
export function* settleServedPlaysSteps(
  db: Db,
  endedBefore: number,
): Statements<{ counted: number; forgotten: number }> {
  const k = db.kysely;
  const { rows } = yield* query(
    k
      .selectFrom('served_plays as s')
      .select(['s.source_id', 's.last_at as at'])
      .where('s.last_at', '<', endedBefore)
      .where(sql<SqlBool>`${sql.raw(unreported(db))}`)
      .compile(),
  );
  const byDay = new Map<string, number>();
  for (const r of rows) {
    const key = `${dayOf(Number(r.at))}\n${r.source_id}`;
    byDay.set(key, (byDay.get(key) ?? 0) + 1);
  }
  for (const [key, n] of byDay) {
    const [day, source_id] = key.split('\n') as [string, string];
    yield* query(
      k
        .insertInto('telemetry_daily')
        .values({ day, source_id, sessions: 0, stall_ms: 0, watched_ms: 0, errors: 0, served_sessions: n })
        .onConflict((oc) =>
          oc.columns(['day', 'source_id']).doUpdateSet((eb) => ({
            served_sessions: eb('telemetry_daily.served_sessions', '+', eb.ref('excluded.served_sessions')),
          })),
        )
        .compile(),
    );
  }
  const gone = yield* query(k.deleteFrom('served_plays').where('last_at', '<', endedBefore).compile());
  return { counted: rows.length, forgotten: Number(gone.numAffectedRows ?? 0) };
}
