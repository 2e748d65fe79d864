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
import { refreshSearchSteps } from '../domain/vod/search.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { type JobRow, toJob } from './jobs.ts';
import { hasArtwork } from './titleArtwork.ts';
import { publishTitleCreditsSteps } from './titleCredits.ts';
import { publicUpload, type UploadRow } from './uploads.ts';

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
  age_rating: string | null;
}

export const newMetaId = () => `m-${randomBytes(6).toString('hex')}`;

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

/** A title's row, on the asynchronous store. */
export const titleRowNow = (db: Db, metaId: string) => titleRows(db, metaId).executeTakeFirst();

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
  const read = async () => (await titlesOf(db, dataDir, await titleRows(db, metaId).execute()))[0];
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

/** The title as the console shows it, read inside an edit's transaction; NOT_FOUND in words when there is none. */
export function* existingTitleSteps(db: Db, dataDir: string, metaId: string): Statements<ConsoleTitle> {
  const rows = (yield* query(titleRows(db, metaId).compile())).rows;
  const [t] = yield* titlesSteps(db, dataDir, rows);
  if (!t) throw noTitle(metaId);
  return t;
}

/** A title's row, read inside a transaction. */
export function* rowSteps(db: Db, metaId: string): Statements<TitleRow | undefined> {
  return (yield* query(titleRows(db, metaId).compile())).rows[0] as TitleRow | undefined;
}

const titleRows = (db: Db, metaId: string) =>
  db.kysely.selectFrom('console_titles').selectAll().where('meta_id', '=', metaId);

/** The rows of a series' seasons and episodes, season by season (each season before its episodes). */
export const partRows = (db: Db, seriesId: string) =>
  db.kysely
    .selectFrom('console_titles')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('season_no')
    .orderBy(sql`CASE meta_type WHEN 'SEASON' THEN 0 ELSE 1 END`)
    .orderBy('episode_no')
    .orderBy('meta_id');

/** The seasons and episodes of a series as the console shows them. */
export async function partsNow(db: Db, dataDir: string, seriesId: string): Promise<ConsoleTitle[]> {
  return titlesOf(db, dataDir, await partRows(db, seriesId).execute());
}

type Rows = Array<Selectable<ConsoleTitlesTable>>;

/** What the console shows beside title rows: their texts, uploads, jobs and feed addresses, a query each. */
function besideQueries(db: Db, rows: Rows) {
  const k = db.kysely;
  const ids = rows.map((r) => r.meta_id);
  const jobs = rows.flatMap((r) => r.job_id ?? []);
  const assets = rows.flatMap((r) => r.asset_id ?? []);
  return {
    texts: k.selectFrom('console_title_texts').selectAll().where('meta_id', 'in', ids).orderBy('lang'),
    uploads: k
      .selectFrom('title_uploads')
      .selectAll()
      .where('meta_id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('upload_id'),
    jobs:
      jobs.length === 0 ? undefined : k.selectFrom('operator_jobs').selectAll().where('job_id', 'in', jobs),
    remotes:
      assets.length === 0
        ? undefined
        : k.selectFrom('remote_videos').select(['asset_id', 'url']).where('asset_id', 'in', assets),
  };
}

type Beside = {
  texts: { meta_id: string; lang: string; title: string; plot: string }[];
  uploads: UploadRow[];
  jobs: JobRow[];
  remotes: { asset_id: string; url: string }[];
};

/** Rows of `console_titles` as the console shows them, from what was read beside them. */
function titlesFrom(dataDir: string, rows: Rows, b: Beside): ConsoleTitle[] {
  const remoteOf = new Map(b.remotes.map((v) => [v.asset_id, v.url]));
  const textsOfTitle = (metaId: string) =>
    Object.fromEntries(
      b.texts.filter((t) => t.meta_id === metaId).map((t) => [t.lang, { title: t.title, plot: t.plot }]),
    ) as ConsoleTitle['texts'];
  const jobById = new Map(b.jobs.map((j) => [j.job_id, toJob(j)]));
  return rows.map((r) => {
    // The schema types vod_type as text; the console wrote it from the contract's kinds.
    const title = titleOf(
      dataDir,
      r as TitleRow,
      textsOfTitle(r.meta_id),
      b.uploads.find((u) => u.meta_id === r.meta_id),
      r.job_id ? jobById.get(r.job_id) : undefined,
      r.asset_id ? remoteOf.get(r.asset_id) : undefined,
    );
    return r.age_rating ? { ...title, ageRating: r.age_rating as AgeRating } : title;
  });
}

/** Rows of `console_titles` as the console shows them: what is beside them read in one query each, at once. */
async function titlesOf(db: Db, dataDir: string, rows: Rows): Promise<ConsoleTitle[]> {
  if (rows.length === 0) return [];
  const q = besideQueries(db, rows);
  const [texts, uploads, jobs, remotes] = await Promise.all([
    q.texts.execute(),
    q.uploads.execute(),
    q.jobs?.execute() ?? [],
    q.remotes?.execute() ?? [],
  ]);
  return titlesFrom(dataDir, rows, { texts, uploads, jobs, remotes });
}

/** `titlesOf` inside a transaction (an edit's audit entry shows the title as it committed). */
function* titlesSteps(db: Db, dataDir: string, rows: Rows): Statements<ConsoleTitle[]> {
  if (rows.length === 0) return [];
  const q = besideQueries(db, rows);
  const texts = (yield* query(q.texts.compile())).rows;
  const uploads = (yield* query(q.uploads.compile())).rows;
  const jobs = q.jobs ? (yield* query(q.jobs.compile())).rows : [];
  const remotes = q.remotes ? (yield* query(q.remotes.compile())).rows : [];
  return titlesFrom(dataDir, rows, { texts, uploads, jobs, remotes });
}

/** The texts of a draft (`console_title_texts`) or of the catalogue's row (`vod_meta_texts`), every language. */
function* writeTextsSteps(
  db: Db,
  table: 'console_title_texts' | 'vod_meta_texts',
  metaId: string,
  f: TitleForm,
): Statements<void> {
  // Both tables have the same columns: typed as one.
  const t = table as 'vod_meta_texts';
  yield* query(db.kysely.deleteFrom(t).where('meta_id', '=', metaId).compile());
  const rows = LANGS.map((lang) => {
    const text = f[lang] ?? f.en;
    return { meta_id: metaId, lang, title: text.title, plot: text.plot };
  });
  yield* query(db.kysely.insertInto(t).values(rows).compile());
}

/** A movie or a series (decision 0280), or a season or an episode of one (`part`), as a draft. */
export function* createTitleSteps(
  db: Db,
  f: TitleForm,
  createdBy: string,
  now: number,
  metaType: ConsoleTitle['metaType'] = 'MOVIE',
  part: { seriesId: string; seasonNo: number; episodeNo?: number } | null = null,
): Statements<string> {
  const metaId = newMetaId();
  yield* query(
    db.kysely
      .insertInto('console_titles')
      .values({
        meta_id: metaId,
        meta_type: metaType,
        vod_type: f.vodType,
        release_year: f.releaseYear,
        series_id: part?.seriesId ?? null,
        season_no: part?.seasonNo ?? null,
        episode_no: part?.episodeNo ?? null,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .compile(),
  );
  yield* writeTextsSteps(db, 'console_title_texts', metaId, f);
  return metaId;
}

/** `createTitleSteps` as a transaction of its own (a test's or a bench's title). */
export const createTitle = (
  db: Db,
  ...a: Parameters<typeof createTitleSteps> extends [Db, ...infer R] ? R : never
) => transactionally(db, () => createTitleSteps(db, ...a));

/**
 * Changes the draft; a published title's catalogue row changes with it. A series' type and year are its
 * seasons' and episodes' too (the catalogue's parts carry their series'), so a part keeps its series'.
 */
export function* updateTitleSteps(db: Db, metaId: string, f: TitleForm, now: number): Statements<boolean> {
  const r = yield* rowSteps(db, metaId);
  if (!r) return false;
  const [vodType, year] = r.series_id ? [r.vod_type, r.release_year] : [f.vodType, f.releaseYear];
  const k = db.kysely;
  yield* query(
    k
      .updateTable('console_titles')
      .set({ vod_type: vodType, release_year: year, updated_at: now })
      .where((eb) => eb.or([eb('meta_id', '=', metaId), eb('series_id', '=', metaId)]))
      .compile(),
  );
  yield* writeTextsSteps(db, 'console_title_texts', metaId, f);
  if (r.published_at !== null) {
    yield* query(
      k
        .updateTable('vod_metas')
        .set({ vod_type: vodType, release_year: year })
        .where((eb) => eb.or([eb('meta_id', '=', metaId), eb('series_id', '=', metaId)]))
        .compile(),
    );
    yield* writeTextsSteps(db, 'vod_meta_texts', metaId, f);
    yield* refreshSearchSteps(db, metaId);
  }
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
export function* writeCatalogueRowSteps(
  db: Db,
  r: TitleRow,
  seasonId: string | null,
  now: number,
): Statements<void> {
  const k = db.kysely;
  yield* query(
    k
      .insertInto('vod_metas')
      .values({
        meta_id: r.meta_id,
        meta_type: r.meta_type,
        vod_type: r.vod_type,
        series_id: r.series_id,
        season_id: seasonId,
        season_no: r.season_no,
        episode_no: r.episode_no,
        release_year: r.release_year,
        released_at: now,
        duration: r.duration,
        media_quality_list: r.qualities,
        asset_id: r.asset_id,
        popularity: 0,
        // The catalogue's rating is the draft's (issue 20 §2).
        age_rating: r.age_rating,
      })
      .onConflict((oc) =>
        oc.column('meta_id').doUpdateSet((eb) => ({
          vod_type: eb.ref('excluded.vod_type'),
          release_year: eb.ref('excluded.release_year'),
          season_id: eb.ref('excluded.season_id'),
          season_no: eb.ref('excluded.season_no'),
          episode_no: eb.ref('excluded.episode_no'),
          duration: eb.ref('excluded.duration'),
          media_quality_list: eb.ref('excluded.media_quality_list'),
          asset_id: eb.ref('excluded.asset_id'),
          age_rating: eb.ref('excluded.age_rating'),
        })),
      )
      .compile(),
  );
  const texts = (yield* query(
    k.selectFrom('console_title_texts').selectAll().where('meta_id', '=', r.meta_id).compile(),
  )).rows;
  const of = (lang: string) => texts.find((t) => t.lang === lang);
  const text = (lang: string) => {
    const t = of(lang);
    return t ? { [lang]: { title: t.title, plot: t.plot } } : {};
  };
  yield* writeTextsSteps(db, 'vod_meta_texts', r.meta_id, {
    vodType: r.vod_type,
    releaseYear: r.release_year,
    en: of('en') ?? { title: r.meta_id, plot: '' },
    ...text('es'),
    ...text('pt'),
  });
  yield* query(
    k
      .updateTable('console_titles')
      .set((eb) => ({ published_at: eb.fn.coalesce('published_at', eb.val(now)), updated_at: now }))
      .where('meta_id', '=', r.meta_id)
      .compile(),
  );
}

/**
 * Writes a movie into the subscribers' catalogue with its credits and its search row, in the transaction. Answers false without a video.
 */
export function* publishTitleSteps(db: Db, metaId: string, now: number): Statements<boolean> {
  const r = yield* rowSteps(db, metaId);
  if (!r?.asset_id) return false;
  yield* writeCatalogueRowSteps(db, r, null, now);
  yield* publishTitleCreditsSteps(db, metaId);
  yield* refreshSearchSteps(db, metaId);
  return true;
}
