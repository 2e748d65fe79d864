import type { Db } from './db.ts';

/** Reads and writes of age ratings (issue 20 §2, decision 0286). */

/** The raw guide rating (XMLTV `<rating><value>`, '' when none) of the programme on `epgId` at `at`. */
export function programmeRatingAt(db: Db, epgId: string, at: number): string | undefined {
  return db.get<{ rating: string }>(
    `SELECT rating FROM epg_programs WHERE epg_id = ? AND start_ts <= ? AND stop_ts > ? AND start_ts > ?
     ORDER BY start_ts DESC LIMIT 1`,
    epgId,
    at,
    at,
    at - 86_400_000,
  )?.rating;
}

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
