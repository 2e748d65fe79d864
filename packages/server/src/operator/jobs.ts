import { randomUUID } from 'node:crypto';
import type { Job, JobKind } from '@ottkit/api-client/contract';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../store/db.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { holdJob, JobTakenOver, jobLease, releaseJob } from './jobLease.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';

/**
 * Long operator work (imports) as rows (decision 0213): the console polls a job's progress, a page reload
 * finds it again, and a job whose process stopped is run again by another (decisions 0315, 0335) or marked
 * failed in words, never left running.
 */
export interface JobRow {
  job_id: string;
  kind: string;
  target: string;
  status: Job['status'];
  progress: number;
  message: string;
  error: string;
  created_by: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  resumed_at: number | null;
}

export const toJob = (r: JobRow): Job => ({
  jobId: r.job_id,
  kind: r.kind,
  target: r.target,
  status: r.status,
  progress: r.progress,
  message: r.message,
  error: r.error,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  ...(r.finished_at === null ? {} : { finishedAt: r.finished_at }),
  ...(r.resumed_at === null ? {} : { resumedAt: r.resumed_at }),
});

export function getJob(db: Db, jobId: string): Job | undefined {
  const r = db.get<JobRow>('SELECT * FROM operator_jobs WHERE job_id = ?', jobId);
  return r && toJob(r);
}

/** `getJob` on the asynchronous store: the console's job card polls it every few seconds. */
export async function jobNow(db: Db, jobId: string): Promise<Job | undefined> {
  const r = await db.kysely
    .selectFrom('operator_jobs')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return r && toJob(r);
}

/** These jobs (the console's titles with their transcodes), on the asynchronous store. */
export async function jobsWithIds(db: Db, jobIds: readonly string[]): Promise<Job[]> {
  if (jobIds.length === 0) return [];
  return (
    await db.kysely.selectFrom('operator_jobs').selectAll().where('job_id', 'in', jobIds).execute()
  ).map(toJob);
}

/** The newest jobs first: the console's jobs list polls it. */
export async function jobsNow(db: Db, limit = 20): Promise<Job[]> {
  const rows = await db.kysely
    .selectFrom('operator_jobs')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('job_id')
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

export const INTERRUPTED_MESSAGE = 'Interrupted by a server restart; start it again';

/**
 * Reports progress (0-100) and the current step in words. On the asynchronous store (issue 39, decision 0434):
 * the reports of a job are written in the order they were made, and the promise rejects with `JobTakenOver` once
 * the job is no longer this instance's. A caller that cannot wait (ffmpeg's progress lines) lets it go: its next
 * awaited report stops it.
 */
export type Progress = (percent: number, message: string) => Promise<void>;

/** A job's work: told how to report its progress, and its own id (the transcode queue orders jobs by it). */
export type JobWork = (progress: Progress, jobId: string) => Promise<string>;

/**
 * What a job is: its kind, what it works on, who started it, its place in a queue (higher first), and the rows
 * of its own written in the same transaction as its row (a batch's count, a broadcast's message, the parameters
 * another process needs to run it again), so no job exists without them and none of them without the job.
 */
type NewJob = {
  kind: JobKind;
  target: string;
  createdBy: string;
  priority?: number;
  rows?: (jobId: string) => CompiledQuery[];
};

/** Records a queued job with its own rows; answers it. */
async function createJob(db: Db, job: NewJob, at: number): Promise<Job> {
  const id = `job-${randomUUID()}`;
  const lease = jobLease(db);
  const row: JobRow = {
    job_id: id,
    kind: job.kind,
    target: job.target,
    status: 'queued',
    progress: 0,
    message: 'Waiting to start',
    error: '',
    created_by: job.createdBy,
    created_at: at,
    updated_at: at,
    finished_at: null,
    resumed_at: null,
  };
  const insert = db.kysely
    .insertInto('operator_jobs')
    .values({
      ...row,
      owner: lease.owner,
      lease_until: lease.now() + lease.leaseMs,
      priority: job.priority ?? 0,
    })
    .compile();
  await atomically(db, [insert, ...(job.rows?.(id) ?? [])]);
  holdJob(db, id);
  return toJob(row);
}

/**
 * Job `id`'s progress reports, one after another: each a conditional write that renews the lease too (a job
 * whose steps block the loop still reports between them). Once one finds the job another instance's, this and
 * every later report reject with `JobTakenOver`.
 */
function reporter(
  db: Db,
  id: string,
  now: () => number,
): { progress: Progress; settled: () => Promise<void> } {
  const lease = jobLease(db);
  let last: Promise<unknown> = Promise.resolve();
  let taken = false;
  const progress: Progress = (percent, message) => {
    const write = last.then(async () => {
      if (taken) throw new JobTakenOver(id);
      const done = await db.kysely
        .updateTable('operator_jobs')
        .set({
          status: 'running',
          progress: Math.max(0, Math.min(99, Math.round(percent))),
          message,
          updated_at: now(),
          lease_until: lease.now() + lease.leaseMs,
        })
        .where('job_id', '=', id)
        .where('owner', '=', lease.owner)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) {
        taken = true;
        throw new JobTakenOver(id);
      }
    });
    last = write.catch(() => {});
    return write;
  };
  return { progress, settled: () => last.then(() => undefined) };
}

/**
 * Runs `work` as job `id`: its progress as it goes, then its result message or its error (in words). Every write
 * is conditional on this instance still owning the job: once another process took it over (this one stalled past
 * its lease), the next progress report stops the work here and nothing more is written for it.
 */
async function runAs(
  db: Db,
  id: string,
  work: JobWork,
  now: () => number,
  onError: (err: unknown) => void,
): Promise<void> {
  const { owner } = jobLease(db);
  const { progress, settled } = reporter(db, id, now);
  const finish = async (ok: boolean, text: string) => {
    // After the reports still on their way, so the end is the row's last word.
    await settled();
    const t = now();
    // The lease ends with the job (a row set back to running by hand is then free to take over at once).
    await db.kysely
      .updateTable('operator_jobs')
      .set({
        status: ok ? 'succeeded' : 'failed',
        progress: ok ? 100 : 0,
        message: ok ? text : 'Failed',
        // An upstream's error names its URL: kept with its secrets masked.
        error: ok ? '' : maskSecrets(text),
        updated_at: t,
        finished_at: t,
        lease_until: t,
      })
      .where('job_id', '=', id)
      .where('owner', '=', owner)
      .execute();
  };
  try {
    const ended = await work(progress, id).then(
      (message) => ({ ok: true, text: message }),
      (err: unknown) => {
        if (err instanceof JobTakenOver) return undefined;
        onError(err);
        return { ok: false, text: err instanceof Error ? err.message : String(err) };
      },
    );
    if (ended) await finish(ended.ok, ended.text);
  } catch (err) {
    // The end could not be written (the database went away): the lease runs out and another process takes over.
    onError(err);
  } finally {
    releaseJob(db, id);
  }
}

/**
 * Records a job and runs `work` in the background; its result message or its error (in words) is stored when
 * it ends. Answers the job as queued once its row is written.
 */
export async function startJob(
  db: Db,
  job: NewJob,
  work: JobWork,
  now: () => number,
  onError: (err: unknown) => void = () => {},
): Promise<Job> {
  const queued = await createJob(db, job, now());
  // Started on the next turn, so the caller answers (and the console shows the job) first.
  setImmediate(() => void runAs(db, queued.jobId, work, now, onError));
  return queued;
}

/**
 * The same, waited for: work another process does (the command line's scheduled refreshes) shows in the
 * console's jobs like the console's own. Answers the finished job; the error, if any, is in it and `onError`.
 */
export async function runJob(
  db: Db,
  job: NewJob,
  work: JobWork,
  now: () => number,
  onError: (err: unknown) => void = () => {},
): Promise<Job> {
  const { jobId } = await createJob(db, job, now());
  await runAs(db, jobId, work, now, onError);
  return (await jobNow(db, jobId)) as Job;
}

/**
 * A process that ran jobs ended before finishing them (killed, crashed): its jobs still running are failed in
 * words, never left running.
 */
export async function failOrphanedJobs(
  db: Db,
  createdBy: string,
  message: string,
  now: number,
): Promise<number> {
  const failed = await db.kysely
    .updateTable('operator_jobs')
    .set({ status: 'failed', error: message, message, updated_at: now, finished_at: now, lease_until: now })
    .where('created_by', '=', createdBy)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(failed.numUpdatedRows);
}

/**
 * A job this instance just took over from a process that died (`claimExpiredJob`), run again from where it kept
 * itself (decision 0282): its work continues on the next turn, under this instance's lease.
 */
export function continueJob(db: Db, id: string, work: JobWork, now: () => number): void {
  holdJob(db, id);
  setImmediate(() => void runAs(db, id, work, now, () => {}));
}
