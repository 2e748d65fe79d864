import { randomUUID } from 'node:crypto';
import type { Job, JobKind } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { holdJob, JobTakenOver, jobLease, releaseJob } from './jobLease.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';

/**
 * Long operator work (imports) as rows (decision 0213): the console polls a job's progress, a page reload
 * finds it again, and a job whose process stopped is run again by another (decisions 0315, 0335) or marked
 * failed in words, never left running.
 */
interface JobRow {
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

const toJob = (r: JobRow): Job => ({
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

export const listJobs = (db: Db, limit = 20): Job[] =>
  db.all<JobRow>('SELECT * FROM operator_jobs ORDER BY created_at DESC, job_id LIMIT ?', limit).map(toJob);

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

/** `listJobs` on the asynchronous store: the console's jobs list polls it. */
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

/** Reports progress (0-100) and the current step in words. */
export type Progress = (percent: number, message: string) => void;

/** A job's work: told how to report its progress, and its own id (the transcode queue orders jobs by it). */
export type JobWork = (progress: Progress, jobId: string) => Promise<string>;

/** What a job is: its kind, what it works on, who started it, and its place in a queue (higher first). */
type NewJob = { kind: JobKind; target: string; createdBy: string; priority?: number };

/** Records a queued job; answers its id. */
function createJob(db: Db, job: NewJob, at: number): string {
  const id = `job-${randomUUID()}`;
  const lease = jobLease(db);
  db.run(
    `INSERT INTO operator_jobs (job_id, kind, target, status, message, created_by, created_at, updated_at,
       owner, lease_until, priority)
     VALUES (?, ?, ?, 'queued', 'Waiting to start', ?, ?, ?, ?, ?, ?)`,
    id,
    job.kind,
    job.target,
    job.createdBy,
    at,
    at,
    lease.owner,
    lease.now() + lease.leaseMs,
    job.priority ?? 0,
  );
  holdJob(db, id);
  return id;
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
  const lease = jobLease(db);
  const { owner } = lease;
  const progress: Progress = (percent, message) => {
    // A progress report renews the lease too (a job whose steps block the loop still reports between them).
    const mine = db.run(
      `UPDATE operator_jobs SET status = 'running', progress = ?, message = ?, updated_at = ?, lease_until = ?
       WHERE job_id = ? AND owner = ?`,
      Math.max(0, Math.min(99, Math.round(percent))),
      message,
      now(),
      lease.now() + lease.leaseMs,
      id,
      owner,
    ).changes;
    if (mine === 0) throw new JobTakenOver(id);
  };
  const finish = (ok: boolean, text: string) => {
    const t = now();
    // The lease ends with the job (a row set back to running by hand is then free to take over at once).
    db.run(
      `UPDATE operator_jobs SET status = ?, progress = ?, message = ?, error = ?, updated_at = ?, finished_at = ?,
         lease_until = ?
       WHERE job_id = ? AND owner = ?`,
      ok ? 'succeeded' : 'failed',
      ok ? 100 : 0,
      ok ? text : 'Failed',
      // An upstream's error names its URL: kept with its secrets masked.
      ok ? '' : maskSecrets(text),
      t,
      t,
      t,
      id,
      owner,
    );
  };
  try {
    await work(progress, id).then(
      (message) => finish(true, message),
      (err: unknown) => {
        if (err instanceof JobTakenOver) return;
        onError(err);
        finish(false, err instanceof Error ? err.message : String(err));
      },
    );
  } finally {
    releaseJob(db, id);
  }
}

/**
 * Records a job and runs `work` in the background; its result message or its error (in words) is stored when
 * it ends. Answers the job as queued at once.
 */
export function startJob(
  db: Db,
  job: NewJob,
  work: JobWork,
  now: () => number,
  onError: (err: unknown) => void = () => {},
): Job {
  const id = createJob(db, job, now());
  // Started on the next turn, so the caller answers (and the console shows the job) first.
  setImmediate(() => void runAs(db, id, work, now, onError));
  return getJob(db, id) as Job;
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
  const id = createJob(db, job, now());
  await runAs(db, id, work, now, onError);
  return getJob(db, id) as Job;
}

/**
 * A process that ran jobs ended before finishing them (killed, crashed): its jobs still running are failed in
 * words, never left running.
 */
export function failOrphanedJobs(db: Db, createdBy: string, message: string, now: number): number {
  return db.run(
    `UPDATE operator_jobs SET status = 'failed', error = ?, message = ?, updated_at = ?, finished_at = ?,
       lease_until = ?
     WHERE created_by = ? AND status IN ('queued', 'running')`,
    message,
    message,
    now,
    now,
    now,
    createdBy,
  ).changes;
}

/**
 * A job this instance just took over from a process that died (`claimExpiredJob`), run again from where it kept
 * itself (decision 0282): its work continues on the next turn, under this instance's lease.
 */
export function continueJob(db: Db, id: string, work: JobWork, now: () => number): void {
  holdJob(db, id);
  setImmediate(() => void runAs(db, id, work, now, () => {}));
}
