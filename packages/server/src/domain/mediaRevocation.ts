import type { Db } from '../store/db.ts';
import { mediaTokenTtlSec } from './appConfig.ts';
import { getSession } from '../store/sessions.ts';

/** How long one answer about a session is trusted: a player fetches a segment every 2 s, a logout shows within 1 s. */
const CHECK_TTL_MS = 1_000;
/** Sessions remembered at once; past that the memory starts afresh (a cost of a few lookups, never a wrong answer). */
const MAX_REMEMBERED = 50_000;

/**
 * The origin's `sessionEnded` (decision 0100): a media URL handed to a session is refused once that session is
 * revoked (logout), expired or gone. One primary-key lookup per session and second, however many segments.
 */
export function mediaSessionCheck(db: Db): (sessionId: string, nowMs: number) => boolean {
  const known = new Map<string, { ended: boolean; at: number }>();
  return (sessionId, nowMs) => {
    const hit = known.get(sessionId);
    if (hit && (hit.ended || nowMs - hit.at < CHECK_TTL_MS)) return hit.ended;
    const row = getSession(db, sessionId);
    const ended = !row || row.revoked_at !== null || row.expires_at <= nowMs;
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(sessionId, { ended, at: nowMs });
    return ended;
  };
}

/**
 * The sessions ended since `?` (revoked after it, or expired between it and now): each side of the OR is a range
 * on its own index (migration 471, decision 0316), so the list costs the rows it returns, not every session.
 * Parameters: since, since, now.
 */
export const ENDED_SESSIONS_SQL = `SELECT session_id FROM sessions
       WHERE (revoked_at IS NOT NULL AND revoked_at > ?) OR (expires_at > ? AND expires_at <= ?)
       ORDER BY COALESCE(revoked_at, expires_at) DESC`;

/** How long one list of ended sessions is reused by this process; the edge renews its copy each second (0345). */
const LIST_TTL_MS = 500;

/**
 * The sessions that ended while media URLs handed to them may still be valid (decision 0306): revoked or expired
 * within the last media-token life (`media.liveTokenTtlSec`, plus a minute of clock slack), newest first, for the
 * edge. Media URLs never outlive that, so an older ending needs no listing.
 */
export function endedSessionsList(db: Db): (nowMs: number) => string[] {
  let last: { at: number; ids: string[] } | undefined;
  return (nowMs) => {
    if (last && nowMs - last.at < LIST_TTL_MS && nowMs >= last.at) return last.ids;
    const since = nowMs - (mediaTokenTtlSec(db) + 60) * 1000;
    const rows = db.all<{ session_id: string }>(ENDED_SESSIONS_SQL, since, since, nowMs);
    last = { at: nowMs, ids: rows.map((r) => r.session_id) };
    return last.ids;
  };
}
