import type { Db } from '../../store/db.ts';

/**
 * More like this: titles that share genres and people with a title. A shared person weighs twice a shared
 * genre (people carry a style more than a label does); ties go to the better rated, then the more popular.
 */
export function moreLikeThis(db: Db, metaId: string, limit: number, includeSensitive: boolean): string[] {
  const owner = db.get<{ id: string }>(
    'SELECT COALESCE(series_id, meta_id) AS id FROM vod_metas WHERE meta_id = ?',
    metaId,
  )?.id;
  if (!owner) return [];
  return db
    .all<{ meta_id: string }>(
      // Scores in a subquery: PostgreSQL orders by an expression of output names only from outside (0275).
      `SELECT meta_id FROM (
         SELECT m.meta_id, m.rating, m.popularity,
           (SELECT COUNT(*) FROM vod_meta_genres g WHERE g.meta_id = m.meta_id
              AND g.genre_id IN (SELECT genre_id FROM vod_meta_genres WHERE meta_id = ?)) AS genres,
           (SELECT COUNT(DISTINCT c.person_id) FROM vod_credits c WHERE c.meta_id = m.meta_id
              AND c.person_id IN (SELECT person_id FROM vod_credits WHERE meta_id = ?)) AS people
         FROM vod_metas m
         WHERE m.meta_type IN ('MOVIE', 'SERIES') AND m.meta_id <> ? ${includeSensitive ? '' : 'AND m.sensitive = 0'}
       ) AS scored
       ORDER BY (genres + 2 * people) DESC, COALESCE(rating, 0) DESC, popularity DESC, meta_id
       LIMIT ?`,
      owner,
      owner,
      owner,
      limit,
    )
    .map((r) => r.meta_id);
}

/** The score moreLikeThis ranks by, for one pair (tests, explanations). */
export function similarity(db: Db, a: string, b: string): number {
  const g = db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM vod_meta_genres x JOIN vod_meta_genres y ON x.genre_id = y.genre_id
     WHERE x.meta_id = ? AND y.meta_id = ?`,
    a,
    b,
  )?.n;
  const p = db.get<{ n: number }>(
    `SELECT COUNT(DISTINCT x.person_id) AS n FROM vod_credits x JOIN vod_credits y ON x.person_id = y.person_id
     WHERE x.meta_id = ? AND y.meta_id = ?`,
    a,
    b,
  )?.n;
  return (g ?? 0) + 2 * (p ?? 0);
}
