import type { SubscriberPlay } from '@ottkit/api-client/contract';
import type { Db } from './db.ts';
import { textInLang } from './names.ts';

/** How many recent plays the console shows per subscriber. */
export const RECENT_PLAYS = 50;

/**
 * A subscriber's recent plays for the console (issue 18 §7, decision 0237), read from the two histories the viewer
 * already keeps: `play_history` (one row per channel) and `vod_history` (one row per movie or episode; a series
 * shows once, with its last played episode). Titles are named in `lang`, else in any language they have.
 */
export async function recentPlays(db: Db, accountId: string, lang: string): Promise<SubscriberPlay[]> {
  const k = db.kysely;
  const [live, titles] = await Promise.all([
    k
      .selectFrom('play_history as h')
      .innerJoin('channels as c', 'c.logical_channel_id', 'h.logical_channel_id')
      .select([
        'h.play_type as kind',
        'h.logical_channel_id as id',
        'c.logical_channel_name as name',
        'h.play_time as at',
      ])
      .where('h.account_id', '=', accountId)
      .orderBy('h.play_time', 'desc')
      .limit(RECENT_PLAYS)
      .execute(),
    // Newest row per entry (a movie, or a series over its episodes), like the viewer's own history list; one row
    // per entry by its key, not by a bare column of GROUP BY, which PostgreSQL refuses (decision 0275).
    k
      .selectFrom('vod_history as v')
      .select(['v.entry_id as id', 'v.season_no', 'v.episode_no', 'v.updated_at as at'])
      .select(textInLang('vod_meta_texts', 'meta_id', 'title', 'v.entry_id', lang).as('name'))
      .where('v.account_id', '=', accountId)
      .where('v.meta_id', '=', (eb) =>
        eb
          .selectFrom('vod_history as o')
          .select('o.meta_id')
          .whereRef('o.account_id', '=', 'v.account_id')
          .whereRef('o.entry_id', '=', 'v.entry_id')
          .orderBy('o.updated_at', 'desc')
          .orderBy('o.meta_id', 'desc')
          .limit(1),
      )
      .orderBy('v.updated_at', 'desc')
      .limit(RECENT_PLAYS)
      .execute(),
  ]);
  const plays: SubscriberPlay[] = [
    ...live.map((p) => ({ ...p, kind: p.kind as 'live' | 'catchup', seasonNo: null, episodeNo: null })),
    ...titles.map((t) => ({
      kind: 'title' as const,
      id: t.id,
      name: t.name ?? t.id,
      seasonNo: t.season_no,
      episodeNo: t.episode_no,
      at: t.at,
    })),
  ];
  return plays.sort((a, b) => b.at - a.at).slice(0, RECENT_PLAYS);
}
