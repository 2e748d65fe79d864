import type { Db } from './db.ts';

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
 * both start the same play at once leave two rows, and only the earlier one is a play.
 */
export function touchServedPlay(db: Db, accountId: string, sourceId: string, at: number): void {
  const extended = db.run(
    `UPDATE served_plays SET last_at = CASE WHEN last_at > ? THEN last_at ELSE ? END
     WHERE account_id = ? AND source_id = ? AND last_at >= ? AND first_at <= ?`,
    at,
    at,
    accountId,
    sourceId,
    at - SERVED_QUIET_MS,
    at,
  ).changes;
  if (extended) return;
  db.run(
    `INSERT INTO served_plays (account_id, source_id, first_at, last_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, source_id, first_at) DO NOTHING`,
    accountId,
    sourceId,
    at,
    at,
  );
}
