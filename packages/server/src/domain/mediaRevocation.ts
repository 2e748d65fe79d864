import type { Db } from '../store/db.ts';
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
