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

/** A rule as SQL: which listed titles it selects (`where`, `params`) and in which order. */
function ruleSql(rule: string, includeSensitive: boolean) {
  const r = parseRule(rule);
  if (!r) return undefined;
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
  return { where: where.join(' AND '), params, order };
}

/**
 * The ids a rule selects now, best first; sensitive titles only when asked for. With a window, only that page
 * of them is read (a category of a large catalogue holds tens of thousands of titles, issue 42).
 */
export function evaluateRule(
  db: Db,
  rule: string,
  includeSensitive: boolean,
  window?: { limit: number; offset: number },
): string[] {
  const q = ruleSql(rule, includeSensitive);
  if (!q) return [];
  const page = window ? ' LIMIT ? OFFSET ?' : '';
  return db
    .all<{ meta_id: string }>(
      `SELECT m.meta_id FROM vod_metas m WHERE ${q.where} ORDER BY ${q.order}${page}`,
      ...q.params,
      ...(window ? [window.limit, window.offset] : []),
    )
    .map((x) => x.meta_id);
}

/** How many titles a rule selects now. */
export function countRule(db: Db, rule: string, includeSensitive: boolean): number {
  const q = ruleSql(rule, includeSensitive);
  if (!q) return 0;
  return Number(
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM vod_metas m WHERE ${q.where}`, ...q.params)?.n ?? 0,
  );
}
