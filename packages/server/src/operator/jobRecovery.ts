import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import { broadcastResumer } from './broadcastJob.ts';
import { codeBatchResumer } from './codeBatchJobs.ts';
import {
  claimExpiredJob,
  configureJobLease,
  DEFAULT_JOB_LEASE_MS,
  expiredJobs,
  failExpiredJob,
} from './jobLease.ts';
import { continueJob, INTERRUPTED_MESSAGE, type JobWork } from './jobs.ts';
import { type LineupImporter, sourceJobResumer } from './sourceJobs.ts';
import { type TranscodeTitle, transcodeResumer } from './titleTranscodeJob.ts';

/**
 * What resumed jobs hand their heavy work to (decision 0369): the app wires `media/transcode.ts`'s ffmpeg and
 * `sources/lineupImporter.ts`, so that operator/ starts no process itself.
 */
export interface ResumedWork {
  transcodeTitle: TranscodeTitle;
  lineupImporter: LineupImporter;
  /** Other areas' jobs, by kind: a film library's import (decision 0423), which reads folders with ffprobe. */
  resumers: Record<string, Resumer>;
}

/** The work that continues a job of this kind from where it kept itself, or undefined when it cannot. */
export type Resumer = (jobId: string) => Promise<JobWork | undefined>;

export const RESUMED_MESSAGE = 'Resumed after its server stopped';

/**
 * Takes over the jobs whose lease ran out (their process died; decision 0315): the kinds that keep where they
 * are (code batches, broadcasts; decision 0282; a library's import, decision 0423) continue here, the console's line-up imports and title
 * transcodes run again from the start (decision 0335), the others (the command line's) are failed in words.
 * Each job is taken by exactly one of the processes sweeping at once; jobs of live processes are left alone.
 */
export async function takeOverExpiredJobs(
  db: Db,
  resumers: Record<string, Resumer>,
  now: () => number,
): Promise<{ resumed: string[]; failed: string[] }> {
  const resumed: string[] = [];
  const failed: string[] = [];
  for (const job of await expiredJobs(db, now())) {
    const work = await resumers[job.kind]?.(job.job_id);
    if (work) {
      if (!(await claimExpiredJob(db, job, RESUMED_MESSAGE))) continue;
      continueJob(db, job.job_id, work, now);
      resumed.push(job.job_id);
    } else if (await failExpiredJob(db, job, INTERRUPTED_MESSAGE)) failed.push(job.job_id);
  }
  return { resumed, failed };
}

/**
 * The server's side of it: takes over at start (a restart finds its own jobs of before, whose lease the new
 * instance does not hold), then every half lease for processes of the cluster that die while this one runs.
 * Answers the first sweep (the server listens once it ended, so a restart's console never shows a job it cut off
 * as still running) and the function that stops the sweeps.
 */
export function startJobRecovery(
  db: Db,
  config: ServerConfig,
  now: () => number,
  logger: Logger,
  work: ResumedWork,
): { firstSweep: Promise<void>; stop: () => void } {
  const leaseMs = config.jobLeaseMs ?? DEFAULT_JOB_LEASE_MS;
  configureJobLease(db, leaseMs, now);
  const resumers: Record<string, Resumer> = {
    'codes.create': codeBatchResumer(db, config.secret, now),
    'notification.broadcast': broadcastResumer(db, now),
    'source.import': sourceJobResumer(db, 'source.import', config.dataDir, now, work.lineupImporter),
    'source.refresh': sourceJobResumer(db, 'source.refresh', config.dataDir, now, work.lineupImporter),
    'title.transcode': transcodeResumer(db, config.dataDir, now, work.transcodeTitle),
    ...work.resumers,
  };
  // On the asynchronous store (issue 39, decision 0427): every process sweeps every half lease, and no request
  // waits for it. A sweep still under way when the next is due is not doubled.
  let sweeping = false;
  let stopped = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    await takeOverExpiredJobs(db, resumers, now)
      .then(({ resumed, failed }) => {
        for (const id of resumed) logger.info(`jobs: ${id} of a stopped process continues here`);
        for (const id of failed)
          logger.info(`jobs: ${id} of a stopped process failed (${INTERRUPTED_MESSAGE})`);
      })
      .catch((err) => {
        if (!stopped) logger.error('jobs: the take-over sweep failed', err);
      })
      .finally(() => {
        sweeping = false;
      });
  };
  const firstSweep = sweep();
  const timer = setInterval(() => void sweep(), Math.max(500, Math.floor(leaseMs / 2)));
  timer.unref();
  return {
    firstSweep,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
