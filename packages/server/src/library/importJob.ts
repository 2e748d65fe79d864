import type { Job } from '@ottkit/api-client/contract';
import { newAssetId } from '../media/titleAssets.ts';
import type { Actor } from '../operator/audit.ts';
import { jobParams, jobParamsStatement, updateJobParams } from '../operator/jobParams.ts';
import { jobNow, type Progress, startJob } from '../operator/jobs.ts';
import { startTranscodeJob, type TranscodeTitle } from '../operator/titleTranscodeJob.ts';
import type { ResizeImage } from '../operator/titleArtwork.ts';
import { titleRowNow } from '../operator/titles.ts';
import { upstreamLimits } from '../sources/importer.ts';
import { importPictures } from './artwork.ts';
import type { Db } from '../store/db.ts';
import {
  importLibrary,
  type LibraryImport,
  type LibraryPlan,
  planLibrary,
  publishImported,
  type QueuedTranscode,
} from './importLibrary.ts';
import { libraryKind, namedLibrary, readLibrary, recordFilesSeen, recordLibraryImport } from './libraries.ts';

// An import's transcodes, `parallel` at a time, each a `title.transcode` job the console shows (and another
// process takes over if this one dies); and the console's import of a named library as a `library.import` job
// (decision 0423). The command line's `library import` and the console's run the same code.

const JOB_POLL_MS = 500;

/** The job once it ended. */
async function ended(db: Db, jobId: string): Promise<Job | undefined> {
  for (;;) {
    const job = await jobNow(db, jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, JOB_POLL_MS));
  }
}

export interface TranscodeRun {
  dataDir: string;
  actor: Actor;
  transcodeTitle: TranscodeTitle;
  now: () => number;
  /** The console's picture resize (ffmpeg), for a library's posters and backdrops; without it none are brought in. */
  resizeImage?: ResizeImage;
}

/** Transcodes what an import queued, `parallel` at a time; `onEach` hears each end. Answers the ready ones. */
export async function transcodeImported(
  db: Db,
  run: TranscodeRun,
  queued: QueuedTranscode[],
  parallel: number,
  onEach: (t: QueuedTranscode, job: Job | undefined) => Promise<void> | void = () => {},
  resume: Resume = { started: new Set(), onStart: async () => {} },
): Promise<{ ready: QueuedTranscode[]; failed: number }> {
  const ready: QueuedTranscode[] = [];
  let failed = 0;
  const queue = [...queued];
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      // Started by the run this one resumes: its own job goes on (another process took it over); waited for.
      const before = resume.started.has(t.metaId) ? (await titleRowNow(db, t.metaId))?.job_id : null;
      const jobId = before ?? (await startTranscode(db, run, t)).jobId;
      if (!before) await resume.onStart(t.metaId);
      const end = await ended(db, jobId);
      if (end?.status === 'succeeded') ready.push(t);
      else failed++;
      await onEach(t, end);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return { ready, failed };
}

/** What a resumed import knows of the transcodes its first run started, and how a new start is kept. */
interface Resume {
  started: Set<string>;
  onStart: (metaId: string) => Promise<void>;
}

const startTranscode = async (db: Db, run: TranscodeRun, t: QueuedTranscode) =>
  startTranscodeJob(
    db,
    run.dataDir,
    run.actor,
    // A changed file's title has a video already: the audit entry's "before".
    { metaId: t.metaId, name: t.name, assetId: (await titleRowNow(db, t.metaId))?.asset_id ?? null },
    'url' in t ? { url: t.url } : { file: t.file },
    newAssetId(),
    run.now,
    run.transcodeTitle,
  );

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an import made, kept with its job so a resumed run can say it too. */
export interface ImportCounts {
  films: number;
  episodes: number;
  changed: number;
  removed: number;
  /** Files not read, and entries that could not become titles. */
  skipped: number;
  /** Posters and backdrops brought in, and those that could not be read (decision 0435). */
  pictures?: { read: number; failed: number };
}

export const countsOf = (done: LibraryImport, plan: LibraryPlan): ImportCounts => ({
  films: done.films,
  episodes: done.episodes,
  changed: plan.changed.length,
  removed: done.removed,
  skipped: plan.unreadable.length + done.skipped.length,
});

/** What an import did, in words: the job's outcome and the library's last import. */
export function importSummary(
  c: ImportCounts,
  transcoded: number,
  failed: number,
  published: number,
  /** A feed's or a panel's import: its titles whose video is played from there, HLS already (decision 0435). */
  remote?: { count: number; from: 'feed' | 'panel' },
) {
  const parts = [
    `added ${count(c.films, 'film')} and ${count(c.episodes, 'episode')}`,
    `${c.changed} changed`,
    `${count(c.removed, 'title')} taken out`,
  ];
  // A feed's titles are played from it, or transcoded from it when their video is not HLS.
  if (remote?.count) parts.push(`${remote.count} played from the ${remote.from}`);
  if (remote === undefined || transcoded + failed > 0) parts.push(`${transcoded} transcoded`);
  if (failed > 0) parts.push(`${failed} failed`);
  if (published > 0) parts.push(`${published} published`);
  if (c.pictures?.read) parts.push(`${count(c.pictures.read, 'picture')} brought in`);
  if (c.pictures?.failed) parts.push(`${count(c.pictures.failed, 'picture')} not read`);
  if (c.skipped > 0) {
    const what =
      remote === undefined
        ? count(c.skipped, 'file')
        : `${c.skipped} ${c.skipped === 1 ? 'entry' : 'entries'}`;
    parts.push(`${what} not read (see the preview)`);
  }
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What an import job keeps (decision 0423): the library, then what its import made and which transcodes began. */
interface ImportParams {
  name: string;
  made?: { counts: ImportCounts; queued: QueuedTranscode[]; started: string[]; remote?: string[] };
}

/**
 * An import's work: reads the folder (checked against `roots` again), makes the new titles, transcodes new and
 * changed files the library's number at a time, takes out the titles of files gone, publishes what is ready when
 * the library says so, and keeps what it did in words on the library. What it made and each transcode it starts
 * are kept with the job as they happen, so a process that takes the job over (its own died) does not read the
 * folder again: it waits for the transcodes begun (taken over themselves), starts the others, and publishes.
 */
function importWork(db: Db, jobId: string, roots: string[], run: TranscodeRun) {
  return async (progress: Progress): Promise<string> => {
    const kept = (await jobParams<ImportParams>(db, jobId))?.params;
    if (!kept) throw new Error('The import kept nothing to go on from: start it again');
    let library = await namedLibrary(db, kept.name);
    let made = kept.made;
    if (!made) {
      await progress(1, `Reading the ${libraryKind(library)}`);
      // A feed that fails (times out, answers a web page) fails the job here: nothing is changed.
      const read = await readLibrary(db, kept.name, roots);
      library = read.library;
      // What this import saw is what a watch compares the library with next (watch.ts).
      await recordFilesSeen(db, library.name, read.scan.seen);
      const plan = await planLibrary(db, read.key, read.scan);
      const at = run.now();
      const done = await importLibrary(db, plan, {
        actor: run.actor,
        now: at,
        year: new Date(at).getUTCFullYear(),
      });
      made = { counts: countsOf(done, plan), queued: done.transcodes, started: [], remote: done.remote };
      await updateJobParams(db, jobId, { ...kept, made });
      const resize = run.resizeImage;
      const n = done.pictures.length;
      if (resize && n > 0) {
        await progress(5, `Bringing in pictures: 0 of ${n}`);
        made.counts.pictures = await importPictures(db, run.dataDir, done.pictures, {
          resize,
          limits: await upstreamLimits(db),
          onEach: (i) =>
            i % 20 === 0 || i === n ? progress(5, `Bringing in pictures: ${i} of ${n}`) : Promise.resolve(),
        });
        await updateJobParams(db, jobId, { ...kept, made });
      }
    }
    const mine = made;
    const total = mine.queued.length;
    let finished = 0;
    await progress(10, `Transcoding 0 of ${total}`);
    const resume = {
      started: new Set(mine.started),
      onStart: (metaId: string) => {
        mine.started.push(metaId);
        return updateJobParams(db, jobId, { ...kept, made: mine });
      },
    };
    const { ready, failed } = await transcodeImported(
      db,
      run,
      mine.queued,
      library.parallel,
      () => {
        finished++;
        return progress(10 + Math.floor((85 * finished) / total), `Transcoding ${finished} of ${total}`);
      },
      resume,
    );
    const playable = [...ready, ...(mine.remote ?? []).map((metaId) => ({ metaId }))];
    const published = library.publish ? await publishImported(db, playable, run.now()) : 0;
    const from = libraryKind(library);
    const remote = from === 'folder' ? undefined : { count: mine.remote?.length ?? 0, from };
    const text = importSummary(mine.counts, total - failed, failed, published, remote);
    await recordLibraryImport(db, library.name, text, run.now());
    if (failed > 0) throw new Error(`${text}: see the failed transcodes in the jobs`);
    return text;
  };
}

/** The console's import of a library, as a job (`importWork`). */
export function startLibraryImport(db: Db, name: string, roots: string[], run: TranscodeRun): Promise<Job> {
  return startJob(
    db,
    {
      kind: 'library.import',
      target: name,
      createdBy: run.actor.id,
      rows: (jobId) => [jobParamsStatement(db, jobId, run.actor, { name } satisfies ImportParams)],
    },
    (progress, jobId) => importWork(db, jobId, roots, run)(progress),
    run.now,
  );
}

/** The work of an import whose process died, continued here (`importWork`); undefined when it kept nothing. */
export function libraryImportResumer(
  db: Db,
  roots: string[],
  dataDir: string,
  now: () => number,
  transcodeTitle: TranscodeTitle,
  resizeImage?: ResizeImage,
) {
  return async (jobId: string) => {
    const kept = await jobParams<ImportParams>(db, jobId);
    return (
      kept && importWork(db, jobId, roots, { dataDir, actor: kept.actor, transcodeTitle, now, resizeImage })
    );
  };
}
