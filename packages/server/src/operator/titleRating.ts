import type { AgeRating } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';

/**
 * A console title's age rating (issue 20 §2, decision 0286): kept on the draft, written to the catalogue at
 * publish and, for a published title, at once. Apart from `titles.ts` so the rating is one small addition.
 */
export function consoleTitleRating(db: Db, metaId: string): AgeRating | undefined {
  const r = db.get<{ age_rating: string | null }>(
    'SELECT age_rating FROM console_titles WHERE meta_id = ?',
    metaId,
  );
  return (r?.age_rating ?? undefined) as AgeRating | undefined;
}

export function setConsoleTitleRating(db: Db, metaId: string, rating: AgeRating | undefined): void {
  if (rating === undefined) return;
  db.transaction(() => {
    db.run('UPDATE console_titles SET age_rating = ? WHERE meta_id = ?', rating, metaId);
    db.run('UPDATE vod_metas SET age_rating = ? WHERE meta_id = ?', rating, metaId);
  });
}

/** At publish: the catalogue row takes the draft's rating. */
export function publishTitleRating(db: Db, metaId: string): void {
  db.run(
    'UPDATE vod_metas SET age_rating = (SELECT age_rating FROM console_titles WHERE meta_id = ?) WHERE meta_id = ?',
    metaId,
    metaId,
  );
}
