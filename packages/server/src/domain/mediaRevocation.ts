import type { Kysely } from 'kysely';
import type { Db } from '../store/db.ts';
import type { Database } from '../store/kysely/schema.generated.ts';
import { keptByKey } from '../store/versions.ts';
import { mediaTokenTtlSec } from './appConfig.ts';

/** How long one answer about a session is trusted: a player fetches a segment every 2 s, a logout shows within 1 s. */
const CHECK_TTL_MS = 1_000;
/** Sessions remembered at once; past that the memory starts afresh (a cost of a few lookups, never a wrong answer). */
const MAX_REMEMBERED = 50_000;

/**
 * A live session's expiry, kept while the sessions' version stays (decision 0411): a revocation or a removal moves
 * it, so a logout is seen at the next segment, by every process.
 */
const keptExpiries = keptByKey<string, number>('sessions', MAX_REMEMBERED);

/**
 * The origin's `sessionEnded` (decision 0100): a media URL handed to a session is refused once that session is
 * revoked (logout), expired or gone. On the asynchronous store (issue 39): a segment never waits on another
 * request's query. A live session found live is trusted for a second without asking; then the sessions' version
 * is asked, and the session read again only if it moved or the session's kept expiry passed (a refresh may have
 * moved it). An ended session stays ended, so that answer is kept for good; lookups of one session at once share
 * one query.
 */
export function mediaSessionCheck(db: Db): (sessionId: string, nowMs: number) => Promise<boolean> {
  const ended = new Set<string>();
  const checked = new Map<string, number>();
  const asking = new Map<string, Promise<number | null>>();
  return async (sessionId, nowMs) => {
    if (ended.has(sessionId)) return true;
    const at = checked.get(sessionId);
    if (at !== undefined && nowMs >= at && nowMs - at < CHECK_TTL_MS) return false;
    const kept = await keptExpiries(db);
    const until = kept.get(sessionId);
    if (until !== undefined && nowMs < until) {
      room(checked).set(sessionId, nowMs);
      return false;
    }
    let read = asking.get(sessionId);
    if (!read) {
      read = liveSessionExpiry(db.kysely, sessionId).finally(() => asking.delete(sessionId));
      asking.set(sessionId, read);
    }
    const expiresAt = await read;
    if (expiresAt === null || expiresAt <= nowMs) {
      room(ended).add(sessionId);
      return true;
    }
    kept.set(sessionId, expiresAt);
    room(checked).set(sessionId, nowMs);
    return false;
  };
}

/** `memory`, emptied first when it is full. */
function room<M extends { size: number; clear(): void }>(memory: M): M {
  if (memory.size >= MAX_REMEMBERED) memory.clear();
  return memory;
}

/** A session's expiry, or null when it is revoked or gone. */
async function liveSessionExpiry(k: Kysely<Database>, sessionId: string): Promise<number | null> {
  const row = await k
    .selectFrom('sessions')
    .select(['revoked_at', 'expires_at'])
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row && row.revoked_at === null ? Number(row.expires_at) : null;
}

/**
 * The sessions ended since `since` (revoked after it, or expired between it and now): each side of the OR is a
 * range on its own index (migration 471, decision 0316), so the list costs the rows it returns, not every session.
 */
export function endedSessionsQuery(k: Kysely<Database>, since: number, now: number) {
  return k
    .selectFrom('sessions')
    .select('session_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('revoked_at', 'is not', null), eb('revoked_at', '>', since)]),
        eb.and([eb('expires_at', '>', since), eb('expires_at', '<=', now)]),
      ]),
    )
    .orderBy((eb) => eb.fn.coalesce('revoked_at', 'expires_at'), 'desc');
}

/** How long one list of ended sessions is reused by this process; the edge renews its copy each second (0345). */
const LIST_TTL_MS = 500;

/**
 * The sessions that ended while media URLs handed to them may still be valid (decision 0306): revoked or expired
 * within the last media-token life (`media.liveTokenTtlSec`, plus a minute of clock slack), newest first, for the
 * edge. Media URLs never outlive that, so an older ending needs no listing. The edges' requests of one moment
 * share one query.
 */
export function endedSessionsList(db: Db): (nowMs: number) => Promise<string[]> {
  let last: { at: number; ids: string[] } | undefined;
  let asking: Promise<string[]> | undefined;
  return async (nowMs) => {
    if (last && nowMs - last.at < LIST_TTL_MS && nowMs >= last.at) return last.ids;
    asking ??= (async () => {
      const since = nowMs - ((await mediaTokenTtlSec(db)) + 60) * 1000;
      const rows = await endedSessionsQuery(db.kysely, since, nowMs).execute();
      last = { at: nowMs, ids: rows.map((r) => r.session_id) };
      return last.ids;
    })().finally(() => {
      asking = undefined;
    });
    return asking;
  };
}
