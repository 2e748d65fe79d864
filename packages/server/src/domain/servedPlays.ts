import type { Db } from '../store/db.ts';
import { touchServedPlay } from '../store/servedPlays.ts';

/**
 * One write a play this often at most: a live player fetches a playlist every few seconds, a VOD player a segment;
 * the row only needs to stay well inside SERVED_QUIET_MS.
 */
export const SERVED_TOUCH_MS = 60_000;

/**
 * What the origin calls for each media request of a play (decision 0389): notes the subscriber's play of the
 * channel or title in `served_plays`, at most once a SERVED_TOUCH_MS per play and process. A URL handed out
 * without a session (no account) is not noted: its player's report could never be told apart from another's.
 */
export function servedPlayRecorder(db: Db, now: () => number, onError: (err: unknown) => void) {
  const written = new Map<string, number>();
  let sweptAt = 0;
  return (play: { accountId: string; sourceId?: string }) => {
    const { accountId, sourceId } = play;
    if (!accountId || !sourceId) return;
    const at = now();
    const key = `${accountId}\n${sourceId}`;
    const last = written.get(key);
    if (last !== undefined && at >= last && at - last < SERVED_TOUCH_MS) return;
    written.set(key, at);
    // Plays no longer served leave the map once a minute, so it holds the plays of the last minute or two.
    if (at - sweptAt >= SERVED_TOUCH_MS) {
      sweptAt = at;
      for (const [k, t] of written) if (at - t >= SERVED_TOUCH_MS) written.delete(k);
    }
    // Serving goes on (a full disk refuses the write, not the segment); the next minute tries again.
    touchServedPlay(db, accountId, sourceId, at).catch(onError);
  };
}
