import type { Db } from './db.ts';

/** Reads and writes of age ratings (issue 20 §2, decision 0286). */

/** A title's own rating, else its series' (episodes and seasons usually carry none of their own). */
export function titleRating(db: Db, metaId: string): string | null {
  return (
    db.get<{ r: string | null }>(
      `SELECT COALESCE(m.age_rating, s.age_rating) AS r FROM vod_metas m
       LEFT JOIN vod_metas s ON s.meta_id = m.series_id WHERE m.meta_id = ?`,
      metaId,
    )?.r ?? null
  );
}

export function setTitleRating(db: Db, metaId: string, rating: string | null): void {
  db.run('UPDATE vod_metas SET age_rating = ? WHERE meta_id = ?', rating, metaId);
}
