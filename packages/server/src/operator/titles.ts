import { randomBytes } from 'node:crypto';
import { maskSecrets } from '../upstream/maskSecrets.ts';
import {
  type AgeRating,
  ARTWORK_KINDS,
  type ConsoleTitle,
  type Job,
  OperatorErrCode,
  LANGS,
  type titleFormSchema,
} from '@ottkit/api-client/contract';
import { type CompiledQuery, type Selectable, sql } from 'kysely';
import type { ConsoleTitlesTable } from '../store/kysely/schema.generated.ts';
import type { z } from 'zod';
import { refreshSearchOf } from '../domain/vod/search.ts';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { getJob, jobsWithIds } from './jobs.ts';
import { hasArtwork } from './titleArtwork.ts';
import { publishTitleCredits } from './titleCredits.ts';
import { latestUpload, publicUpload, type UploadRow } from './uploads.ts';

/**
 * Titles made in the console (decision 0235): a draft lives in `console_titles` until it is published, then
 * its row in the subscribers' catalogue (`vod_metas` and its texts) is written from it in one transaction and
 * the search index rebuilt. Subscribers' queries never see a draft.
 */
export type TitleForm = z.output<typeof titleFormSchema>;

export interface TitleRow {
  meta_id: string;
  meta_type: ConsoleTitle['metaType'];
  vod_type: ConsoleTitle['vodType'];
  release_year: number;
  /** A season's or an episode's series (decision 0280); null for movies and series. */
  series_id: string | null;
  season_no: number | null;
  episode_no: number | null;
  asset_id: string | null;
  duration: number;
  qualities: string;
  job_id: string | null;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export const newMetaId = () => `m-${randomBytes(6).toString('hex')}`;

export function textsOf(db: Db, metaId: string): ConsoleTitle['texts'] {
  const rows = db.all<{ lang: string; title: string; plot: string }>(
    'SELECT lang, title, plot FROM console_title_texts WHERE meta_id = ? ORDER BY lang',
    metaId,
  );
  return Object.fromEntries(rows.map((r) => [r.lang, { title: r.title, plot: r.plot }]));
}

export function toTitle(db: Db, dataDir: string, r: TitleRow): ConsoleTitle {
  const job = r.job_id ? getJob(db, r.job_id) : undefined;
  const remote = r.asset_id
    ? db.get<{ url: string }>('SELECT url FROM remote_videos WHERE asset_id = ?', r.asset_id)?.url
    : undefined;
  return titleOf(dataDir, r, textsOf(db, r.meta_id), latestUpload(db, r.meta_id), job, remote);
}

/** A title as the console shows it, from its row and what was read beside it. */
function titleOf(
  dataDir: string,
  r: TitleRow,
  texts: ConsoleTitle['texts'],
  upload: UploadRow | undefined,
  job: Job | undefined,
  /** The feed's URL its video plays from (decision 0435). */
  remote?: string,
): ConsoleTitle {
  return {
    metaId: r.meta_id,
    metaType: r.meta_type,
    ...(r.series_id ? { seriesId: r.series_id } : {}),
    ...(r.season_no === null ? {} : { seasonNo: r.season_no }),
    ...(r.episode_no === null ? {} : { episodeNo: r.episode_no }),
    vodType: r.vod_type,
    releaseYear: r.release_year,
    texts,
    status: r.published_at === null ? 'draft' : 'published',
    ...(r.asset_id ? { assetId: r.asset_id } : {}),
    ...(remote ? { remoteVideo: maskSecrets(remote) } : {}),
    durationSec: r.duration,
    ...(upload ? { upload: publicUpload(dataDir, upload) } : {}),
    ...(job ? { job } : {}),
    ...(r.published_at === null ? {} : { publishedAt: r.published_at }),
    updatedAt: r.updated_at,
    artwork: ARTWORK_KINDS.filter((k) => hasArtwork(dataDir, r.meta_id, k)),
  };
}

export const row = (db: Db, metaId: string) =>
  db.get<TitleRow>('SELECT * FROM console_titles WHERE meta_id = ?', metaId);

export function getTitle(db: Db, dataDir: string, metaId: string): ConsoleTitle | undefined {
  const r = row(db, metaId);
  return r && toTitle(db, dataDir, r);
}

/**
 * Movies and series, newest first (seasons and episodes are in their series); `q` matches any language. On the
 * asynchronous store (the console's titles screen).
 */
export async function listTitles(db: Db, dataDir: string, q?: string): Promise<ConsoleTitle[]> {
  let titles = db.kysely.selectFrom('console_titles as c').selectAll('c').where('c.series_id', 'is', null);
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    titles = titles.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('console_title_texts as t')
          .select('t.meta_id')
          .whereRef('t.meta_id', '=', 'c.meta_id')
          .where(sql<boolean>`lower(t.title) LIKE ${like} ESCAPE '\\'`),
      ),
    );
  }
  return titlesOf(
    db,
    dataDir,
    await titles.orderBy('c.created_at', 'desc').orderBy('c.meta_id').limit(200).execute(),
  );
}

/** One title as the console shows it (with its rating when it has one), on the asynchronous store. */
export async function titleNow(db: Db, dataDir: string, metaId: string): Promise<ConsoleTitle | undefined> {
  const read = async () =>
    (
      await titlesOf(
        db,
        dataDir,
        await db.kysely.selectFrom('console_titles').selectAll().where('meta_id', '=', metaId).execute(),
      )
    )[0];
  const t = await read();
  // The row is read before its job: a first transcode that ended between the two reads shows a finished job and
  // no video. The video is written before the job ends, so the title read again has it (a poll stops at the end).
  return t?.job?.status === 'succeeded' && !t.assetId ? read() : t;
}

/** The console's answer for a title that does not exist. */
const noTitle = (metaId: string) => new DomainError(OperatorErrCode.NOT_FOUND, `No title '${metaId}'`, 404);

/** `titleNow`, or the console's NOT_FOUND in words: the reads. */
export async function existingTitle(db: Db, dataDir: string, metaId: string): Promise<ConsoleTitle> {
  const t = await titleNow(db, dataDir, metaId);
  if (!t) throw noTitle(metaId);
  return t;
}

/** `getTitle`, or the console's NOT_FOUND in words: the edits, inside their synchronous transactions. */
export function titleOrThrow(db: Db, dataDir: string, metaId: string): ConsoleTitle {
  const t = getTitle(db, dataDir, metaId);
  if (!t) throw noTitle(metaId);
  return t;
}

/** The seasons and episodes of a series, season by season (each season before its episodes). */
export async function partsNow(db: Db, dataDir: string, seriesId: string): Promise<ConsoleTitle[]> {
  const rows = await db.kysely
    .selectFrom('console_titles')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('season_no')
    .orderBy(sql`CASE meta_type WHEN 'SEASON' THEN 0 ELSE 1 END`)
    .orderBy('episode_no')
    .orderBy('meta_id')
    .execute();
  return titlesOf(db, dataDir, rows);
}

/** Rows of `console_titles` as the console shows them: their texts, uploads and jobs read in one query each. */
async function titlesOf(
  db: Db,
  dataDir: string,
  rows: Array<Selectable<ConsoleTitlesTable>>,
): Promise<ConsoleTitle[]> {
  if (rows.length === 0) return [];
  const k = db.kysely;
  const ids = rows.map((r) => r.meta_id);
  const assets = rows.flatMap((r) => r.asset_id ?? []);
  const [texts, uploads, jobs, remotes] = await Promise.all([
    k.selectFrom('console_title_texts').selectAll().where('meta_id', 'in', ids).orderBy('lang').execute(),
    k
      .selectFrom('title_uploads')
      .selectAll()
      .where('meta_id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('upload_id')
      .execute(),
    jobsWithIds(
      db,
      rows.flatMap((r) => r.job_id ?? []),
    ),
    assets.length === 0
      ? []
      : k.selectFrom('remote_videos').select(['asset_id', 'url']).where('asset_id', 'in', assets).execute(),
  ]);
  const remoteOf = new Map(remotes.map((v) => [v.asset_id, v.url]));
  const textsOfTitle = (metaId: string) =>
    Object.fromEntries(
      texts.filter((t) => t.meta_id === metaId).map((t) => [t.lang, { title: t.title, plot: t.plot }]),
    ) as ConsoleTitle['texts'];
  const jobById = new Map(jobs.map((j) => [j.jobId, j]));
  return rows.map((r) => {
    // The schema types vod_type as text; the console wrote it from the contract's kinds.
    const title = titleOf(
      dataDir,
      r as TitleRow,
      textsOfTitle(r.meta_id),
      uploads.find((u) => u.meta_id === r.meta_id),
      r.job_id ? jobById.get(r.job_id) : undefined,
      r.asset_id ? remoteOf.get(r.asset_id) : undefined,
    );
    return r.age_rating ? { ...title, ageRating: r.age_rating as AgeRating } : title;
  });
}

export function writeTexts(
  db: Db,
  table: 'console_title_texts' | 'vod_meta_texts',
  metaId: string,
  f: TitleForm,
) {
  db.run(`DELETE FROM ${table} WHERE meta_id = ?`, metaId);
  for (const lang of LANGS) {
    const text = f[lang] ?? f.en;
    db.run(
      `INSERT INTO ${table} (meta_id, lang, title, plot) VALUES (?, ?, ?, ?)`,
      metaId,
      lang,
      text.title,
      text.plot,
    );
  }
}

/** A movie or a series (decision 0280), or a season or an episode of one (`part`), as a draft. */
export function createTitle(
  db: Db,
  f: TitleForm,
  createdBy: string,
  now: number,
  metaType: ConsoleTitle['metaType'] = 'MOVIE',
  part: { seriesId: string; seasonNo: number; episodeNo?: number } | null = null,
): string {
  const metaId = newMetaId();
  db.transaction(() => {
    db.run(
      `INSERT INTO console_titles (meta_id, meta_type, vod_type, release_year, series_id, season_no, episode_no,
         created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      metaId,
      metaType,
      f.vodType,
      f.releaseYear,
      part?.seriesId ?? null,
      part?.seasonNo ?? null,
      part?.episodeNo ?? null,
      createdBy,
      now,
      now,
    );
    writeTexts(db, 'console_title_texts', metaId, f);
  });
  return metaId;
}

/**
 * Changes the draft; a published title's catalogue row changes with it. A series' type and year are its
 * seasons' and episodes' too (the catalogue's parts carry their series'), so a part keeps its series'.
 */
export function updateTitle(db: Db, metaId: string, f: TitleForm, now: number): boolean {
  const r = row(db, metaId);
  if (!r) return false;
  const [vodType, year] = r.series_id ? [r.vod_type, r.release_year] : [f.vodType, f.releaseYear];
  db.transaction(() => {
    db.run(
      'UPDATE console_titles SET vod_type = ?, release_year = ?, updated_at = ? WHERE meta_id = ? OR series_id = ?',
      vodType,
      year,
      now,
      metaId,
      metaId,
    );
    writeTexts(db, 'console_title_texts', metaId, f);
    if (r.published_at !== null) {
      db.run(
        'UPDATE vod_metas SET vod_type = ?, release_year = ? WHERE meta_id = ? OR series_id = ?',
        vodType,
        year,
        metaId,
        metaId,
      );
      writeTexts(db, 'vod_meta_texts', metaId, f);
      refreshSearchOf(db, metaId);
    }
  });
  return true;
}

/**
 * A finished transcode: the title plays this asset from now on (the catalogue's too, once published). Statements
 * for `atomically`, so the title's video and its audit entry commit together (decision 0434).
 */
export function titleAssetStatements(
  db: Db,
  metaId: string,
  asset: { assetId: string; durationSec: number; qualities: number[] },
  now: number,
): CompiledQuery[] {
  const media = { asset_id: asset.assetId, duration: asset.durationSec };
  return [
    db.kysely
      .updateTable('console_titles')
      .set({ ...media, qualities: asset.qualities.join(','), updated_at: now })
      .where('meta_id', '=', metaId)
      .compile(),
    db.kysely
      .updateTable('vod_metas')
      .set({ ...media, media_quality_list: asset.qualities.join(',') })
      .where('meta_id', '=', metaId)
      .compile(),
  ];
}

/** The title's transcode job (the console shows its progress on the title): a statement of the job's rows. */
export const titleJobStatement = (db: Db, metaId: string, jobId: string) =>
  db.kysely.updateTable('console_titles').set({ job_id: jobId }).where('meta_id', '=', metaId).compile();

/**
 * Writes one console row into the subscribers' catalogue (free to every subscriber, released now so "newest"
 * lists show it first) with its texts, and marks it published. A season or an episode takes its place from
 * `seasonId` (the catalogue's season row of an episode).
 */
export function writeCatalogueRow(db: Db, r: TitleRow, seasonId: string | null, now: number): void {
  db.run(
    `INSERT INTO vod_metas (meta_id, meta_type, vod_type, series_id, season_id, season_no, episode_no,
       release_year, released_at, duration, media_quality_list, asset_id, popularity)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
     ON CONFLICT (meta_id) DO UPDATE SET vod_type = excluded.vod_type, release_year = excluded.release_year,
       season_id = excluded.season_id, season_no = excluded.season_no, episode_no = excluded.episode_no,
       duration = excluded.duration, media_quality_list = excluded.media_quality_list, asset_id = excluded.asset_id`,
    r.meta_id,
    r.meta_type,
    r.vod_type,
    r.series_id,
    seasonId,
    r.season_no,
    r.episode_no,
    r.release_year,
    now,
    r.duration,
    r.qualities,
    r.asset_id,
  );
  const texts = textsOf(db, r.meta_id);
  writeTexts(db, 'vod_meta_texts', r.meta_id, {
    vodType: r.vod_type,
    releaseYear: r.release_year,
    en: texts.en ?? { title: r.meta_id, plot: '' },
    ...(texts.es ? { es: texts.es } : {}),
    ...(texts.pt ? { pt: texts.pt } : {}),
  });
  db.run(
    'UPDATE console_titles SET published_at = COALESCE(published_at, ?), updated_at = ? WHERE meta_id = ?',
    now,
    now,
    r.meta_id,
  );
}

/**
 * Writes a movie into the subscribers' catalogue with its credits and rebuilds the search index, in one
 * transaction. Answers false without a video.
 */
export function publishTitle(db: Db, metaId: string, now: number): boolean {
  const r = row(db, metaId);
  if (!r?.asset_id) return false;
  db.transaction(() => {
    writeCatalogueRow(db, r, null, now);
    publishTitleCredits(db, metaId);
    refreshSearchOf(db, metaId);
  });
  return true;
}
