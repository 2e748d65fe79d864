import type { Lang } from '@ottkit/api-client/contract';
import { refreshSearchSteps } from '../domain/vod/search.ts';
import type { Db } from '../store/db.ts';
import { query, type Statements } from '../store/kysely/transactionally.ts';
import { publishTitleCreditsSteps } from './titleCredits.ts';
import {
  createTitleSteps,
  partRows,
  rowSteps,
  type TitleForm,
  type TitleRow,
  writeCatalogueRowSteps,
} from './titles.ts';

/**
 * Series, seasons and episodes made in the console (decision 0280). They are console titles like movies
 * (texts, uploads, transcode jobs); a season or an episode names its series and numbers. Publishing writes
 * the series with its seasons and every episode that has a video into `vod_metas` the way the seeded series
 * are stored (parts carry `series_id`, episodes their season's `season_id`), in one transaction. Each is a body
 * of statements for `transactionally` (decision 0438): the console's call and its audit entry commit together.
 */
export type PartProblem = 'no-series' | 'no-season' | 'taken';

function* partRowsSteps(db: Db, seriesId: string): Statements<TitleRow[]> {
  return (yield* query(partRows(db, seriesId).compile())).rows as TitleRow[];
}

/** The series a console title belongs to (itself for a series), or undefined for a movie. */
export function* seriesOfSteps(db: Db, metaId: string): Statements<TitleRow | undefined> {
  const r = yield* rowSteps(db, metaId);
  if (!r || r.meta_type === 'MOVIE') return undefined;
  return r.series_id ? yield* rowSteps(db, r.series_id) : r;
}

/** A console series' part: its season (no `episode`), or that episode of that season. */
function* partSteps(db: Db, seriesId: string, seasonNo: number, episode?: number): Statements<boolean> {
  const { rows } = yield* query(
    db.kysely
      .selectFrom('console_titles')
      .select('meta_id')
      .where('series_id', '=', seriesId)
      .where('meta_type', '=', episode === undefined ? 'SEASON' : 'EPISODE')
      .where('season_no', '=', seasonNo)
      .$if(episode !== undefined, (q) => q.where('episode_no', '=', episode ?? 0))
      .compile(),
  );
  return rows.length > 0;
}

export type PartForm = Pick<TitleForm, Lang> & {
  seriesId: string;
  seasonNo: number;
  episodeNo?: number;
};

/**
 * Adds a season (no `episodeNo`) or an episode to a series; answers the new id, or why not: the series is
 * missing, the episode's season is, or that number is taken.
 */
export function* addPartSteps(
  db: Db,
  f: PartForm,
  createdBy: string,
  now: number,
): Statements<string | PartProblem> {
  const series = yield* rowSteps(db, f.seriesId);
  if (series?.meta_type !== 'SERIES') return 'no-series';
  const season = yield* partSteps(db, f.seriesId, f.seasonNo);
  if (f.episodeNo === undefined) {
    if (season) return 'taken';
  } else {
    if (!season) return 'no-season';
    if (yield* partSteps(db, f.seriesId, f.seasonNo, f.episodeNo)) return 'taken';
  }
  const form: TitleForm = { vodType: series.vod_type, releaseYear: series.release_year, en: f.en };
  if (f.es) form.es = f.es;
  if (f.pt) form.pt = f.pt;
  return yield* createTitleSteps(db, form, createdBy, now, f.episodeNo === undefined ? 'SEASON' : 'EPISODE', {
    seriesId: f.seriesId,
    seasonNo: f.seasonNo,
    ...(f.episodeNo === undefined ? {} : { episodeNo: f.episodeNo }),
  });
}

/**
 * Publishes a series: the series, its seasons and its episodes that have a video (how many, answered; 0 and
 * nothing written when no episode has one yet). Episodes still without a video stay drafts.
 */
export function* publishSeriesSteps(db: Db, seriesId: string, now: number): Statements<number> {
  const series = yield* rowSteps(db, seriesId);
  if (!series) return 0;
  const parts = yield* partRowsSteps(db, seriesId);
  const episodes = parts.filter((p) => p.meta_type === 'EPISODE' && p.asset_id);
  if (episodes.length === 0) return 0;
  yield* writeCatalogueRowSteps(db, series, null, now);
  const seasons = new Map<number, string>();
  for (const s of parts.filter((p) => p.meta_type === 'SEASON')) {
    yield* writeCatalogueRowSteps(db, s, null, now);
    seasons.set(s.season_no ?? 0, s.meta_id);
  }
  for (const e of episodes) yield* writeCatalogueRowSteps(db, e, seasons.get(e.season_no ?? 0) ?? null, now);
  yield* publishTitleCreditsSteps(db, seriesId);
  yield* refreshSearchSteps(db, seriesId);
  return episodes.length;
}

/**
 * Takes a movie or a whole series out of the catalogue (its parts go with it through `series_id`'s cascade,
 * and so do viewers' favourites and history of it); the drafts and videos stay.
 */
export function* unpublishTitleSteps(db: Db, metaId: string, now: number): Statements<void> {
  const k = db.kysely;
  yield* query(
    k
      .deleteFrom('vod_metas')
      .where((eb) => eb.or([eb('meta_id', '=', metaId), eb('series_id', '=', metaId)]))
      .compile(),
  );
  yield* query(
    k
      .updateTable('console_titles')
      .set({ published_at: null, updated_at: now })
      .where((eb) => eb.or([eb('meta_id', '=', metaId), eb('series_id', '=', metaId)]))
      .compile(),
  );
  yield* refreshSearchSteps(db, metaId);
}
