import type { SubscriberPlay } from '@ottkit/api-client/contract';
import type { Db } from './db.ts';

/** How many recent plays the console shows per subscriber. */
export const RECENT_PLAYS = 50;

/**
 * A subscriber's recent plays for the console (issue 18 §7, decision 0237), read from the two histories the viewer
 * already keeps: `play_history` (one row per channel) and `vod_history` (one row per movie or episode; a series
 * shows once, with its last played episode). Titles are named in `lang`, else in any language they have.
 */
export function recentPlays(db: Db, accountId: string, lang: string): SubscriberPlay[] {
  const live = db.all<{ kind: 'live' | 'catchup'; id: string; name: string; at: number }>(
    `SELECT h.play_type AS kind, h.logical_channel_id AS id, c.logical_channel_name AS name, h.play_time AS at
     FROM play_history h JOIN channels c ON c.logical_channel_id = h.logical_channel_id
     WHERE h.account_id = ? ORDER BY h.play_time DESC LIMIT ?`,
    accountId,
    RECENT_PLAYS,
  );
  // Newest row per entry (a movie, or a series over its episodes), like the viewer's own history list; one row
  // per entry by its key, not by a bare column of GROUP BY, which PostgreSQL refuses (decision 0275).
  const titles = db.all<{
    id: string;
    name: string | null;
    seasonNo: number | null;
    episodeNo: number | null;
    at: number;
  }>(
    `SELECT v.entry_id AS id, v.season_no AS seasonNo, v.episode_no AS episodeNo, v.updated_at AS at,
       COALESCE(
         (SELECT title FROM vod_meta_texts WHERE meta_id = v.entry_id AND lang = ?),
         (SELECT title FROM vod_meta_texts WHERE meta_id = v.entry_id ORDER BY lang LIMIT 1)
       ) AS name
     FROM vod_history v
     WHERE v.account_id = ? AND v.meta_id = (
       SELECT meta_id FROM vod_history WHERE account_id = v.account_id AND entry_id = v.entry_id
       ORDER BY updated_at DESC, meta_id DESC LIMIT 1)
     ORDER BY v.updated_at DESC LIMIT ?`,
    lang,
    accountId,
    RECENT_PLAYS,
  );
  const plays: SubscriberPlay[] = [
    ...live.map((p) => ({ ...p, seasonNo: null, episodeNo: null })),
    ...titles.map((t) => ({ kind: 'title' as const, ...t, name: t.name ?? t.id })),
  ];
  return plays.sort((a, b) => b.at - a.at).slice(0, RECENT_PLAYS);
}
