import type { AgeRating } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { query, type Statements } from '../store/kysely/transactionally.ts';

/**
 * A console title's age rating (issue 20 §2, decision 0286): kept on the draft, written to the catalogue with its
 * row at publish (`writeCatalogueRowSteps`) and, for a published title, at once. Apart from `titles.ts` so the
 * rating is one small addition.
 */
export function* setConsoleTitleRatingSteps(
  db: Db,
  metaId: string,
  rating: AgeRating | undefined,
): Statements<void> {
  if (rating === undefined) return;
  const k = db.kysely;
  yield* query(
    k.updateTable('console_titles').set({ age_rating: rating }).where('meta_id', '=', metaId).compile(),
  );
  yield* query(
    k.updateTable('vod_metas').set({ age_rating: rating }).where('meta_id', '=', metaId).compile(),
  );
}
