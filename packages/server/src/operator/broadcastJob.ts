import type { Job } from '@ottkit/api-client/contract';
import { newMsgId } from '../domain/notices.ts';
import type { Db } from '../store/db.ts';
import { insertNotification } from '../store/notices.ts';
import { type Actor, recordAudit } from './audit.ts';
import { JobTakenOver, jobLease, STILL_OWNED } from './jobLease.ts';
import { type Progress, startJob } from './jobs.ts';

/**
 * "Notify all" as a job (decision 0282): the notification goes to subscriber accounts in account-id order, a
 * chunk per transaction, and the job row keeps the last account reached, so a restart resumes after it and
 * nobody gets the message twice. Audited once, when everybody has it, with how many were sent.
 */
export const BROADCAST_CHUNK = 1000;

interface BroadcastRow {
  job_id: string;
  title: string;
  content: string;
  after_account: string;
  sent: number;
  total: number;
  created_by: string;
  actor_email: string;
  done: number;
}

const row = (db: Db, jobId: string) =>
  db.get<BroadcastRow>('SELECT * FROM broadcast_jobs WHERE job_id = ?', jobId);

function work(db: Db, jobId: string, now: () => number) {
  return async (progress: Progress): Promise<string> => {
    for (;;) {
      const r = row(db, jobId);
      if (!r) throw new Error('The broadcast job is gone');
      // Its process died between the last chunk and the job's end: everybody has it, and it was audited.
      if (r.done) return `Sent to ${r.sent} subscribers`;
      const ids = db.all<{ account_id: string }>(
        "SELECT account_id FROM accounts WHERE kind = 'user' AND account_id > ? ORDER BY account_id LIMIT ?",
        r.after_account,
        BROADCAST_CHUNK,
      );
      const last = ids.at(-1)?.account_id;
      if (!last) {
        db.transaction(() => {
          const ended = db.run(
            `UPDATE broadcast_jobs SET done = 1 WHERE job_id = ? AND done = 0 AND ${STILL_OWNED}`,
            jobId,
            jobId,
            jobLease(db).owner,
          ).changes;
          if (ended !== 1) throw new JobTakenOver(jobId);
          const actor = { id: r.created_by, email: r.actor_email };
          const after = { sent: r.sent, title: r.title, content: r.content };
          recordAudit(db, actor, 'notification.broadcast', 'all', { after }, now());
        });
        return `Sent to ${r.sent} subscribers`;
      }
      db.transaction(() => {
        for (const { account_id } of ids) {
          insertNotification(
            db,
            { msgId: newMsgId(), accountId: account_id, title: r.title, content: r.content },
            now(),
          );
        }
        // Only from the account this run read, while this process owns the job: a process that lost it rolls its
        // chunk back (decision 0315).
        const moved = db.run(
          `UPDATE broadcast_jobs SET after_account = ?, sent = sent + ?
           WHERE job_id = ? AND after_account = ? AND ${STILL_OWNED}`,
          last,
          ids.length,
          jobId,
          r.after_account,
          jobId,
          jobLease(db).owner,
        ).changes;
        if (moved !== 1) throw new JobTakenOver(jobId);
      });
      const sent = r.sent + ids.length;
      progress((sent / Math.max(r.total, sent)) * 100, `Sent to ${sent} of about ${r.total} subscribers`);
      await new Promise((done) => setImmediate(done));
    }
  };
}

/** Starts sending a notification to every subscriber account as a job; answers the job (queued). */
export function startBroadcastJob(
  db: Db,
  actor: Actor,
  m: { title: string; content: string },
  now: () => number,
): Job {
  const total = db.get<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'user'")?.n ?? 0;
  let jobId = '';
  const job = startJob(
    db,
    { kind: 'notification.broadcast', target: m.title, createdBy: actor.id },
    (progress) => work(db, jobId, now)(progress),
    now,
  );
  jobId = job.jobId;
  db.run(
    `INSERT INTO broadcast_jobs (job_id, title, content, total, created_by, actor_email)
     VALUES (?, ?, ?, ?, ?, ?)`,
    jobId,
    m.title,
    m.content,
    total,
    actor.id,
    actor.email,
  );
  return job;
}

/** The work of a broadcast a process that died left unfinished, continuing after its last account (0282). */
export function broadcastResumer(db: Db, now: () => number) {
  return (jobId: string) => (row(db, jobId) ? work(db, jobId, now) : undefined);
}
