import type { Job, Library } from '@ottkit/api-client/contract';
import { newAssetId } from '../media/titleAssets.ts';
import type { Actor } from '../operator/audit.ts';
import { getJob, startJob } from '../operator/jobs.ts';
import { startTranscodeJob, type TranscodeTitle } from '../operator/titleTranscodeJob.ts';
import { row } from '../operator/titles.ts';
import type { Db } from '../store/db.ts';
import {
  importLibrary,
  type LibraryImport,
  type LibraryPlan,
  planLibrary,
  publishImported,
  type QueuedTranscode,
} from './importLibrary.ts';
import { recordLibraryImport } from './libraries.ts';
import { libraryFolder, scanLibrary } from './scan.ts';

// An import's transcodes, `parallel` at a time, each a `title.transcode` job the console shows (and another
// process takes over if this one dies); and the console's import of a named library as a `library.import` job
// (decision 0423). The command line's `library import` and the console's run the same code.

const JOB_POLL_MS = 500;

/** The job once it ended. */
async function ended(db: Db, jobId: string): Promise<Job | undefined> {
  for (;;) {
    const job = getJob(db, jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, JOB_POLL_MS));
  }
}

export interface TranscodeRun {
  dataDir: string;
  actor: Actor;
  transcodeTitle: TranscodeTitle;
  now: () => number;
}

/** Transcodes what an import queued, `parallel` at a time; `onEach` hears each end. Answers the ready ones. */
export async function transcodeImported(
  db: Db,
  run: TranscodeRun,
  queued: QueuedTranscode[],
  parallel: number,
  onEach: (t: QueuedTranscode, job: Job | undefined) => void = () => {},
): Promise<{ ready: QueuedTranscode[]; failed: number }> {
  const ready: QueuedTranscode[] = [];
  let failed = 0;
  const queue = [...queued];
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      const job = startTranscodeJob(
        db,
        run.dataDir,
        run.actor,
        // A changed file's title has a video already: the audit entry's "before".
        { metaId: t.metaId, name: t.name, assetId: row(db, t.metaId)?.asset_id ?? null },
        { file: t.file },
        newAssetId(),
        run.now,
        run.transcodeTitle,
      );
      const end = await ended(db, job.jobId);
      if (end?.status === 'succeeded') ready.push(t);
      else failed++;
      onEach(t, end);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return { ready, failed };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an import did, in words: the job's outcome and the library's last import. */
export function importSummary(done: LibraryImport, plan: LibraryPlan, failed: number, published: number) {
  const parts = [
    `added ${count(done.films, 'film')} and ${count(done.episodes, 'episode')}`,
    `${plan.changed.length} changed`,
    `${count(done.removed, 'title')} taken out`,
    `${done.transcodes.length - failed} transcoded`,
  ];
  if (failed > 0) parts.push(`${failed} failed`);
  if (published > 0) parts.push(`${published} published`);
  const skipped = plan.unreadable.length + done.skipped.length;
  if (skipped > 0) parts.push(`${count(skipped, 'file')} not read (see the preview)`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The console's import of a library, as a job: reads the folder (checked against `roots` again), makes the new
 * titles, transcodes new and changed files the library's number at a time, takes out the titles of files gone,
 * publishes what is ready when the library says so, and keeps what it did in words on the library.
 */
export function startLibraryImport(db: Db, library: Library, roots: string[], run: TranscodeRun): Job {
  return startJob(
    db,
    { kind: 'library.import', target: library.name, createdBy: run.actor.id },
    async (progress) => {
      progress(1, 'Reading the folder');
      const folder = libraryFolder(library.folder, roots);
      const plan = planLibrary(db, folder, await scanLibrary(folder, library.lang));
      const at = run.now();
      const done = importLibrary(db, plan, {
        actor: run.actor,
        now: at,
        year: new Date(at).getUTCFullYear(),
      });
      const total = done.transcodes.length;
      let finished = 0;
      progress(10, `Transcoding 0 of ${total}`);
      const { ready, failed } = await transcodeImported(db, run, done.transcodes, library.parallel, () => {
        finished++;
        progress(10 + Math.floor((85 * finished) / total), `Transcoding ${finished} of ${total}`);
      });
      const published = library.publish ? publishImported(db, ready, run.now()) : 0;
      const text = importSummary(done, plan, failed, published);
      await recordLibraryImport(db, library.name, text, run.now());
      if (failed > 0) throw new Error(`${text}: see the failed transcodes in the jobs`);
      return text;
    },
    run.now,
  );
}
