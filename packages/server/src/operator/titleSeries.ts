import type { Lang } from '@ottkit/api-client/contract';
import { refreshSearchOf } from '../domain/vod/search.ts';
import type { Db } from '../store/db.ts';
import { publishTitleCredits } from './titleCredits.ts';
import { createTitle, row, type TitleForm, type TitleRow, writeCatalogueRow } from './titles.ts';

/**
 * Series, seasons and episodes made in the console (decision 0280). They are console titles like movies
 * (texts, uploads, transcode jobs); a season or an episode names its series and numbers. Publishing writes
 * the series with its seasons and every episode that has a video into `vod_metas` the way the seeded series
 * are stored (parts carry `series_id`, episodes their season's `season_id`), in one transaction.
 */
export type PartProblem = 'no-series' | 'no-season' | 'taken';

const partRows = (db: Db, seriesId: string) =>
  db.all<TitleRow>(
    `SELECT * FROM console_titles WHERE series_id = ?
     ORDER BY season_no, CASE meta_type WHEN 'SEASON' THEN 0 ELSE 1 END, episode_no, meta_id`,
    seriesId,
  );

/** The series a console title belongs to (itself for a series), or undefined for a movie. */
export function seriesOf(db: Db, metaId: string): TitleRow | undefined {
  const r = row(db, metaId);
  if (!r || r.meta_type === 'MOVIE') return undefined;
  return r.series_id ? row(db, r.series_id) : r;
}

function seasonRow(db: Db, seriesId: string, seasonNo: number) {
  return db.get<TitleRow>(
    "SELECT * FROM console_titles WHERE series_id = ? AND meta_type = 'SEASON' AND season_no = ?",
    seriesId,
    seasonNo,
  );
}

type PartForm = Pick<TitleForm, Lang> & {
  seriesId: string;
  seasonNo: number;
  episodeNo?: number;
};

/**
 * Adds a season (no `episodeNo`) or an episode to a series; answers the new id, or why not: the series is
 * missing, the episode's season is, or that number is taken.
 */
export function addPart(db: Db, f: PartForm, createdBy: string, now: number): string | PartProblem {
  const series = row(db, f.seriesId);
  if (series?.meta_type !== 'SERIES') return 'no-series';
  const season = seasonRow(db, f.seriesId, f.seasonNo);
  if (f.episodeNo === undefined) {
    if (season) return 'taken';
  } else {
    if (!season) return 'no-season';
    const taken = db.get(
      "SELECT 1 FROM console_titles WHERE series_id = ? AND meta_type = 'EPISODE' AND season_no = ? AND episode_no = ?",
      f.seriesId,
      f.seasonNo,
      f.episodeNo,
    );
    if (taken) return 'taken';
  }
  const form: TitleForm = { vodType: series.vod_type, releaseYear: series.release_year, en: f.en };
  if (f.es) form.es = f.es;
  if (f.pt) form.pt = f.pt;
  return createTitle(db, form, createdBy, now, f.episodeNo === undefined ? 'SEASON' : 'EPISODE', {
    seriesId: f.seriesId,
    seasonNo: f.seasonNo,
    ...(f.episodeNo === undefined ? {} : { episodeNo: f.episodeNo }),
  });
}

/**
 * Publishes a series: the series, its seasons and its episodes that have a video (how many, answered; 0 and
 * nothing written when no episode has one yet). Episodes still without a video stay drafts.
 */
export function publishSeries(db: Db, seriesId: string, now: number): number {
  const series = row(db, seriesId);
  if (!series) return 0;
  const parts = partRows(db, seriesId);
  const episodes = parts.filter((p) => p.meta_type === 'EPISODE' && p.asset_id);
  if (episodes.length === 0) return 0;
  db.transaction(() => {
    writeCatalogueRow(db, series, null, now);
    const seasons = new Map<number, string>();
    for (const s of parts.filter((p) => p.meta_type === 'SEASON')) {
      writeCatalogueRow(db, s, null, now);
      seasons.set(s.season_no ?? 0, s.meta_id);
    }
    for (const e of episodes) writeCatalogueRow(db, e, seasons.get(e.season_no ?? 0) ?? null, now);
    publishTitleCredits(db, seriesId);
    refreshSearchOf(db, seriesId);
  });
  return episodes.length;
}

/**
 * Takes a movie or a whole series out of the catalogue (its parts go with it through `series_id`'s cascade,
 * and so do viewers' favourites and history of it); the drafts and videos stay.
 */
export function unpublishTitle(db: Db, metaId: string, now: number): void {
  db.transaction(() => {
    db.run('DELETE FROM vod_metas WHERE meta_id = ? OR series_id = ?', metaId, metaId);
    db.run(
      'UPDATE console_titles SET published_at = NULL, updated_at = ? WHERE meta_id = ? OR series_id = ?',
      now,
      metaId,
      metaId,
    );
    refreshSearchOf(db, metaId);
  });
}
