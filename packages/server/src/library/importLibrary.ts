import { join } from 'node:path';
import { type Lang, LANGS, titleFormSchema } from '@ottkit/api-client/contract';
import { newAssetId } from '../media/titleAssets.ts';
import type { Db } from '../store/db.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';
import { remoteVideoStatements } from './remoteVideos.ts';
import { type Actor, recordAuditNow } from '../operator/audit.ts';
import { saveTitleCreditsSteps } from '../operator/titleCredits.ts';
import { addPartSteps, publishSeriesSteps, unpublishTitleSteps } from '../operator/titleSeries.ts';
import {
  createTitleSteps,
  publishTitleSteps,
  rowSteps,
  type TitleForm,
  titleRowNow,
  updateTitleSteps,
} from '../operator/titles.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import type { QueuedPicture } from './artwork.ts';
import type { LibraryEntry, LibraryScan, Unreadable } from './scan.ts';

// A film library folder or feed brought into the console's titles (issue 42, decisions 0422, 0435): each new film
// becomes a draft movie, each new episode a draft episode of its series (made once a folder or feed, by name),
// with its texts in every language its sidecar or feed has and its cast, directors and genres; a file is queued
// for transcoding, a feed's HLS URL becomes the title's video at once. A file that changed is done again; a feed
// entry that changed has its texts, credits and pictures written again, and its video only when its address moved
// (decision 0436); one that disappeared takes its title out of the catalogue.

export interface LibraryPlan {
  folder: string;
  added: LibraryEntry[];
  changed: LibraryEntry[];
  removed: { path: string; metaId: string }[];
  unchanged: number;
  unreadable: Unreadable[];
  truncated?: string;
}

/** What an import of `scan` would add, change and remove, against what the last import of `key` recorded. */
export async function planLibrary(db: Db, key: string, scan: LibraryScan): Promise<LibraryPlan> {
  const rows = await db.kysely
    .selectFrom('library_files')
    .select(['path', 'size', 'modified_at', 'meta_id', 'digest'])
    .where('folder', '=', key)
    .execute();
  const known = new Map(rows.map((r) => [r.path, r]));
  const plan: LibraryPlan = {
    folder: key,
    added: [],
    changed: [],
    removed: [],
    unchanged: 0,
    unreadable: scan.unreadable,
  };
  if (scan.truncated) plan.truncated = scan.truncated;
  const seen = new Set<string>();
  for (const e of scan.entries) {
    seen.add(e.path);
    const k = known.get(e.path);
    if (!k) plan.added.push(e);
    else if (
      e.digest === undefined
        ? Number(k.size) !== e.size || Number(k.modified_at) !== e.modifiedAt
        : k.digest !== e.digest
    )
      plan.changed.push(e);
    else plan.unchanged++;
  }
  // A truncated scan did not look at every file: nothing is taken for gone.
  if (!scan.truncated) {
    for (const [path, k] of known) if (!seen.has(path)) plan.removed.push({ path, metaId: k.meta_id });
  }
  return plan;
}

/** A title to transcode from a library file or a video address: the CLI's (or the console's) job runner is handed these. */
export type QueuedTranscode = { metaId: string; name: string } & ({ file: string } | { url: string });

export interface LibraryImport {
  films: number;
  episodes: number;
  removed: number;
  /** Entries the plan listed that could not become titles, and why. */
  skipped: Unreadable[];
  transcodes: QueuedTranscode[];
  /** Titles whose video is a feed's HLS URL, ready at once (decision 0435). */
  remote: string[];
  /** The pictures the entries name, each for its title (an episode's for its series), once a title and kind. */
  pictures: QueuedPicture[];
}

/** The title form of an entry, or why the console would refuse it. */
function formOf(e: LibraryEntry, vodType: TitleForm['vodType'], year: number): TitleForm | string {
  const m = e.meta;
  // English is the catalogue's fallback and required: a library in another language lends it its title.
  const first = (Object.values(m.titles)[0] ?? '') as string;
  const text = (l: Lang) => ({ title: m.titles[l] ?? first, plot: m.plots[l] ?? '' });
  const raw: Record<string, unknown> = { vodType, releaseYear: m.year ?? year, en: text('en') };
  for (const l of LANGS) if (l !== 'en' && m.titles[l]) raw[l] = text(l);
  const parsed = titleFormSchema.safeParse(raw);
  return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? 'the console refuses its texts');
}

/**
 * Writes the plan's titles: new films and episodes as drafts (published afterwards when `publish`, once their
 * video is ready), changed files queued again, removed files' titles taken out of the catalogue. Audited once.
 * Answers what was done and the transcodes to run.
 */
export async function importLibrary(
  db: Db,
  plan: LibraryPlan,
  o: { actor: Actor; now: number; year: number },
): Promise<LibraryImport> {
  const out: LibraryImport = {
    films: 0,
    episodes: 0,
    removed: 0,
    skipped: [],
    transcodes: [],
    remote: [],
    pictures: [],
  };
  const pictured = new Set<string>();
  const pictures = (e: LibraryEntry, metaId: string) => {
    for (const [kind, from] of [
      ['poster', e.poster],
      ['landscape', e.backdrop],
    ] as const) {
      if (!from || pictured.has(`${metaId}/${kind}`)) continue;
      pictured.add(`${metaId}/${kind}`);
      out.pictures.push({ metaId, kind, from });
    }
  };
  const file = (e: LibraryEntry) => join(plan.folder, ...e.path.split('/'));
  const record = (e: LibraryEntry, metaId: string) =>
    db.kysely
      .insertInto('library_files')
      .values({
        folder: plan.folder,
        path: e.path,
        size: e.size,
        modified_at: e.modifiedAt,
        meta_id: metaId,
        imported_at: o.now,
        digest: e.digest ?? '',
        media: e.media?.url ?? '',
      })
      .onConflict((c) =>
        c.columns(['folder', 'path']).doUpdateSet((x) => ({
          size: x.ref('excluded.size'),
          modified_at: x.ref('excluded.modified_at'),
          imported_at: x.ref('excluded.imported_at'),
          digest: x.ref('excluded.digest'),
          media: x.ref('excluded.media'),
        })),
      )
      .compile();
  // An entry's record, with its video when that is a feed's HLS address: statements of the title's own transaction,
  // so that a title is never kept without the record that says it was imported (a second import would make it
  // again), nor recorded without the video its entry names. A file is transcoded after (`done`).
  const video = (e: LibraryEntry, metaId: string) => {
    if (!e.media?.hls) {
      const from = e.media ? { url: e.media.url } : { file: file(e) };
      return {
        statements: [record(e, metaId)],
        done: () => out.transcodes.push({ metaId, name: nameOf(e), ...from }),
      };
    }
    const remote = { assetId: newAssetId(), url: e.media.url, durationSec: e.durationSeconds };
    return {
      statements: [...remoteVideoStatements(db, metaId, remote, o.now), record(e, metaId)],
      done: () => out.remote.push(metaId),
    };
  };
  for (const e of plan.added) {
    let done = () => {};
    const made = await transactionally(db, function* () {
      done = () => {};
      const m =
        e.meta.kind === 'episode'
          ? yield* addEpisodeSteps(db, plan.folder, e, o)
          : yield* addFilmSteps(db, e, o);
      if ('reason' in m) return m;
      const v = video(e, m.metaId);
      for (const q of v.statements) yield* query(q);
      done = v.done;
      return m;
    });
    if ('reason' in made) {
      out.skipped.push({ path: e.path, reason: made.reason });
      continue;
    }
    done();
    pictures(e, made.pictured);
    if (e.meta.kind === 'episode') out.episodes++;
    else out.films++;
  }
  const rows = await db.kysely
    .selectFrom('library_files')
    .select(['path', 'meta_id', 'media'])
    .where('folder', '=', plan.folder)
    .execute();
  const known = new Map(rows.map((r) => [r.path, r]));
  for (const e of plan.changed) {
    const k = known.get(e.path);
    const r = k && (await titleRowNow(db, k.meta_id));
    if (!k || !r) continue;
    // A folder's changed file is done again; a feed entry's video only when its address moved, and its texts,
    // credits and pictures are the feed's again (decision 0436).
    const v = e.digest === undefined || k.media !== e.media?.url ? video(e, k.meta_id) : undefined;
    await atomically(db, v?.statements ?? [record(e, k.meta_id)]);
    v?.done();
    if (e.digest !== undefined) {
      const form = formOf(e, r.vod_type as TitleForm['vodType'], o.year);
      if (typeof form !== 'string')
        await transactionally(db, () => rewriteSteps(db, k.meta_id, e, form, o.now));
    }
    pictures(e, r.series_id ?? k.meta_id);
  }
  for (const r of plan.removed) {
    await transactionally(db, function* () {
      const title = yield* rowSteps(db, r.metaId);
      if (title?.published_at) yield* unpublishTitleSteps(db, r.metaId, o.now);
      yield* query(
        db.kysely
          .deleteFrom('library_files')
          .where('folder', '=', plan.folder)
          .where('path', '=', r.path)
          .compile(),
      );
    });
    out.removed++;
  }
  await recordAuditNow(
    db,
    o.actor,
    'library.import',
    // A feed's URL may carry a password: the audit log never shows one.
    maskSecrets(plan.folder),
    {
      after: {
        films: out.films,
        episodes: out.episodes,
        changed: plan.changed.length,
        removed: out.removed,
        skipped: out.skipped.length,
      },
    },
    o.now,
  );
  return out;
}

/** What adding an entry made: the title's id and the title its pictures are for, or why it was not added. */
type Made = { metaId: string; pictured: string } | { reason: string };

/** The entry's title as the operator reads it (its first language's), or its path. */
export const nameOf = (e: LibraryEntry): string => Object.values(e.meta.titles)[0] ?? e.path;

/** The entry as a preview lists it (CLI and console): the film, or the series, season, episode and its name. */
export function entryTitle(e: LibraryEntry): string {
  const m = e.meta;
  const what = m.kind === 'episode' ? `${m.series} S${m.season}E${m.episode} ${nameOf(e)}` : nameOf(e);
  return `${what}${m.year ? ` (${m.year})` : ''}`;
}

/** A film as a draft movie with its credits. */
function* addFilmSteps(
  db: Db,
  e: LibraryEntry,
  o: { actor: Actor; now: number; year: number },
): Statements<Made> {
  const form = formOf(e, 'movie', o.year);
  if (typeof form === 'string') return { reason: form };
  const metaId = yield* createTitleSteps(db, form, o.actor.id, o.now);
  yield* saveCreditsSteps(db, metaId, e, false);
  return { metaId, pictured: metaId };
}

/** An episode as a draft of its series (made once a folder) and season. */
function* addEpisodeSteps(
  db: Db,
  folder: string,
  e: LibraryEntry,
  o: { actor: Actor; now: number; year: number },
): Statements<Made> {
  const m = e.meta;
  const k = db.kysely;
  const name = m.series ?? 'Unknown series';
  const known = (yield* query(
    k
      .selectFrom('library_series')
      .select('meta_id')
      .where('folder', '=', folder)
      .where('name', '=', name)
      .compile(),
  )).rows[0]?.meta_id;
  let seriesId = known && (yield* rowSteps(db, known)) ? known : undefined;
  if (!seriesId) {
    const form = formOf({ ...e, meta: { ...m, titles: { en: name }, plots: {} } }, 'series', o.year);
    if (typeof form === 'string') return { reason: `the series' name: ${form}` };
    const made = yield* createTitleSteps(db, form, o.actor.id, o.now, 'SERIES');
    yield* query(
      k
        .insertInto('library_series')
        .values({ folder, name, meta_id: made })
        .onConflict((oc) => oc.columns(['folder', 'name']).doUpdateSet({ meta_id: made }))
        .compile(),
    );
    seriesId = made;
  }
  const seasonNo = m.season ?? 1;
  const form = formOf(e, 'series', o.year);
  if (typeof form === 'string') return { reason: form };
  const season = yield* addPartSteps(
    db,
    { seriesId, seasonNo, en: { title: `Season ${seasonNo}`, plot: '' } },
    o.actor.id,
    o.now,
  );
  if (season === 'no-series') return { reason: 'its series could not be made' };
  const episode = yield* addPartSteps(
    db,
    {
      seriesId,
      seasonNo,
      episodeNo: m.episode ?? 1,
      en: form.en,
      ...(form.es ? { es: form.es } : {}),
      ...(form.pt ? { pt: form.pt } : {}),
    },
    o.actor.id,
    o.now,
  );
  if (episode === 'taken') return { reason: `${name} already has season ${seasonNo} episode ${m.episode}` };
  if (episode === 'no-series' || episode === 'no-season') {
    return { reason: 'its series or season could not be made' };
  }
  yield* saveCreditsSteps(db, episode, e, false);
  // An episode's pictures are its series' (a folder's poster.jpg, a panel's cover).
  return { metaId: episode, pictured: seriesId };
}

/** A changed feed entry's texts and credits written over its title's (a published title's catalogue row too). */
function* rewriteSteps(
  db: Db,
  metaId: string,
  e: LibraryEntry,
  form: TitleForm,
  now: number,
): Statements<void> {
  yield* updateTitleSteps(db, metaId, form, now);
  const published = (yield* rowSteps(db, metaId))?.published_at != null;
  yield* saveCreditsSteps(db, metaId, e, published, true);
}

/** The entry's credits on its title (a new title's only when it has some). */
function* saveCreditsSteps(
  db: Db,
  metaId: string,
  e: LibraryEntry,
  published: boolean,
  always = false,
): Statements<void> {
  const { cast, directors, genres } = e.meta;
  if (always || cast.length + directors.length + genres.length > 0)
    yield* saveTitleCreditsSteps(db, metaId, { cast, directors, genres }, published);
}

/**
 * Publishes what the import made once its video is ready: each film, and each series with its episodes that
 * have a video. Answers how many titles went into the catalogue.
 */
export async function publishImported(db: Db, done: { metaId: string }[], now: number): Promise<number> {
  let published = 0;
  const series = new Set<string>();
  for (const { metaId } of done) {
    const r = await titleRowNow(db, metaId);
    if (!r?.asset_id) continue;
    if (r.meta_type === 'EPISODE' && r.series_id) series.add(r.series_id);
    else if (await transactionally(db, () => publishTitleSteps(db, metaId, now))) published++;
  }
  for (const id of series) {
    published += (await transactionally(db, () => publishSeriesSteps(db, id, now))) > 0 ? 1 : 0;
  }
  return published;
}
