import { readSettings } from '../domain/appConfig.ts';
import type { Db } from '../store/db.ts';
import { JobTakenOver, jobLease } from './jobLease.ts';

// One transcode queue for the whole service (decision 0425): every upload's and every library file's transcode is
// a `title.transcode` job that starts when fewer than the operator's `transcode.parallel` run, across every
// process of a cluster, the highest priority first and then the oldest. The rows are the queue: no process keeps
// a list of its own. A job taken over from a process that died is set running by the takeover and runs at once.

/** Where a transcode stands in the queue: an editor waiting on a title's upload goes before a library's files. */
export const TRANSCODE_PRIORITY = { upload: 1, library: 0 } as const;

const QUEUE_POLL_MS = 500;

/**
 * Takes a slot for queued transcode `jobId` when it is its turn, in one transaction (on PostgreSQL the synchronous
 * store's transactions are one at a time across the cluster, so two processes never take the last slot both).
 * Answers 0 when taken, else how many transcodes are before it (running over the limit, and queued ahead).
 */
function takeSlot(db: Db, jobId: string, owner: string, now: number): number {
  return db.transaction(() => {
    const me = db.get<{ priority: number; created_at: number; status: string }>(
      'SELECT priority, created_at, status FROM operator_jobs WHERE job_id = ? AND owner = ?',
      jobId,
      owner,
    );
    if (!me || (me.status !== 'queued' && me.status !== 'running')) throw new JobTakenOver(jobId);
    // Taken over from a process that died while it ran (or waited): it runs on (decision 0335).
    if (me.status === 'running') return 0;
    const limit = readSettings(db)['transcode.parallel'];
    const running =
      db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM operator_jobs WHERE kind = 'title.transcode' AND status = 'running'",
      )?.n ?? 0;
    const ahead =
      db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM operator_jobs
         WHERE kind = 'title.transcode' AND status = 'queued' AND job_id <> ?
           AND (priority > ? OR (priority = ? AND (created_at < ? OR (created_at = ? AND job_id < ?))))`,
        jobId,
        me.priority,
        me.priority,
        me.created_at,
        me.created_at,
        jobId,
      )?.n ?? 0;
    const before = Math.max(0, running - limit + 1) + ahead;
    if (before > 0) {
      db.run(
        'UPDATE operator_jobs SET message = ?, updated_at = ? WHERE job_id = ? AND owner = ?',
        waitingMessage(ahead, running),
        now,
        jobId,
        owner,
      );
      return before;
    }
    db.run(
      "UPDATE operator_jobs SET status = 'running', updated_at = ? WHERE job_id = ? AND owner = ?",
      now,
      jobId,
      owner,
    );
    return 0;
  });
}

/** The queued job's message: what it waits for, in words. */
function waitingMessage(ahead: number, running: number): string {
  const behind = ahead === 1 ? '1 transcode is before it' : `${ahead} transcodes are before it`;
  return ahead > 0
    ? `Waiting in the transcode queue: ${behind}`
    : `Waiting for a transcode to end (${running} running)`;
}

/** Waits until queued transcode `jobId` has its slot; throws JobTakenOver once the job is no longer this process's. */
export async function transcodeSlot(db: Db, jobId: string, now: () => number): Promise<void> {
  const { owner } = jobLease(db);
  while (takeSlot(db, jobId, owner, now()) > 0) {
    await new Promise((r) => setTimeout(r, QUEUE_POLL_MS));
  }
}
