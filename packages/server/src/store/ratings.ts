import type { Db } from './db.ts';

/** Reads and writes of age ratings (issue 20 §2, decision 0286). */

/** A title's own rating, else its series' (episodes and seasons usually carry none of their own). */
export async function titleRating(db: Db, metaId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('vod_metas as m')
    .leftJoin('vod_metas as s', 's.meta_id', 'm.series_id')
    .select((eb) => eb.fn.coalesce('m.age_rating', 's.age_rating').as('r'))
    .where('m.meta_id', '=', metaId)
    .executeTakeFirst();
  return row?.r ?? null;
}

export function setTitleRating(db: Db, metaId: string, rating: string | null): void {
  db.run('UPDATE vod_metas SET age_rating = ? WHERE meta_id = ?', rating, metaId);
}
