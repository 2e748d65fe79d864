import { HOME_ROW_RULE_PATTERN } from '@ottkit/api-client/contract';
import type { Db, SqlValue } from '../../store/db.ts';

/**
 * The rules dynamic playlists (playlistType 2) follow, evaluated at query time so a new title shows up
 * without anyone editing the list: `newest`, `top-rated`, `genre:<genreId>`, `type:<vodType>`.
 */
export type PlaylistRule =
  | { kind: 'newest' }
  | { kind: 'top-rated' }
  | { kind: 'genre'; genreId: string }
  | { kind: 'type'; vodType: string };

export function parseRule(rule: string): PlaylistRule | null {
  const m = HOME_ROW_RULE_PATTERN.exec(rule);
  if (!m) return null;
  if (rule === 'newest') return { kind: 'newest' };
  if (rule === 'top-rated') return { kind: 'top-rated' };
  return m[1] === 'genre'
    ? { kind: 'genre', genreId: m[2] as string }
    : { kind: 'type', vodType: m[2] as string };
}

/** Only browsable titles are listed: movies, audio items and series (not their seasons and episodes). */
const TOP_LEVEL = "m.meta_type IN ('MOVIE', 'SERIES')";

/** The ids a rule selects now, best first; sensitive titles only when asked for. */
export function evaluateRule(db: Db, rule: string, includeSensitive: boolean): string[] {
  const r = parseRule(rule);
  if (!r) return [];
  const where = [TOP_LEVEL];
  const params: SqlValue[] = [];
  if (!includeSensitive) where.push('m.sensitive = 0');
  let order = 'm.released_at DESC, m.meta_id';
  if (r.kind === 'top-rated') {
    where.push('m.rating IS NOT NULL');
    order = 'm.rating DESC, m.popularity DESC, m.meta_id';
  } else if (r.kind === 'genre') {
    where.push('EXISTS (SELECT 1 FROM vod_meta_genres g WHERE g.meta_id = m.meta_id AND g.genre_id = ?)');
    params.push(r.genreId);
  } else if (r.kind === 'type') {
    where.push('m.vod_type = ?');
    params.push(r.vodType);
  }
  return db
    .all<{ meta_id: string }>(
      `SELECT m.meta_id FROM vod_metas m WHERE ${where.join(' AND ')} ORDER BY ${order}`,
      ...params,
    )
    .map((x) => x.meta_id);
}
