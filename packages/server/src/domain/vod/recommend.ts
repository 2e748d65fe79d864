import { sql } from 'kysely';
import type { Db } from '../../store/db.ts';

/**
 * More like this: titles that share genres and people with a title. A shared person weighs twice a shared
 * genre (people carry a style more than a label does); ties go to the better rated, then the more popular.
 *
 * Only the titles that share something are scored (found through the genre and person indexes), and the list is
 * filled up with the best rated of the rest when they are fewer than `limit`: the same order as scoring every
 * title, without reading every title of a large catalogue (issue 42: 100,000 titles).
 */
export async function moreLikeThis(
  db: Db,
  metaId: string,
  limit: number,
  includeSensitive: boolean,
): Promise<string[]> {
  const k = db.kysely;
  const owner = (
    await k
      .selectFrom('vod_metas')
      .select((eb) => eb.fn.coalesce('series_id', 'meta_id').as('id'))
      .where('meta_id', '=', metaId)
      .executeTakeFirst()
  )?.id;
  if (!owner) return [];
  // One statement both engines read alike, its values bound by Kysely (decision 0430).
  const listed = sql<boolean>`m.meta_type IN ('MOVIE', 'SERIES') AND m.meta_id <> ${owner} ${includeSensitive ? sql`` : sql`AND m.sensitive = 0`}`;
  const scored = (
    await sql<{ meta_id: string }>`
      SELECT meta_id FROM (
        SELECT m.meta_id, m.rating, m.popularity, SUM(x.w) AS score
        FROM (
          SELECT g.meta_id, COUNT(*) AS w FROM vod_meta_genres g
          WHERE g.genre_id IN (SELECT genre_id FROM vod_meta_genres WHERE meta_id = ${owner})
          GROUP BY g.meta_id
          UNION ALL
          SELECT c.meta_id, 2 * COUNT(DISTINCT c.person_id) AS w FROM vod_credits c
          WHERE c.person_id IN (SELECT person_id FROM vod_credits WHERE meta_id = ${owner})
          GROUP BY c.meta_id
        ) AS x
        JOIN vod_metas m ON m.meta_id = x.meta_id
        WHERE ${listed}
        GROUP BY m.meta_id, m.rating, m.popularity
      ) AS scored
      ORDER BY score DESC, COALESCE(rating, 0) DESC, popularity DESC, meta_id
      LIMIT ${limit}`.execute(k)
  ).rows.map((r) => r.meta_id);
  if (scored.length >= limit) return scored;
  const rest = await k
    .selectFrom('vod_metas as m')
    .select('m.meta_id')
    .where(listed)
    .$if(scored.length > 0, (q) => q.where('m.meta_id', 'not in', scored))
    .orderBy((eb) => eb.fn.coalesce('m.rating', eb.lit(0)), 'desc')
    .orderBy('m.popularity', 'desc')
    .orderBy('m.meta_id')
    .limit(limit - scored.length)
    .execute();
  return [...scored, ...rest.map((r) => r.meta_id)];
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
