import type { Job } from '@ottkit/api-client/contract';
import { newMsgId } from '../domain/notices.ts';
import type { Db } from '../store/db.ts';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import { notificationsStatement } from '../store/notices.ts';
import { type Actor, auditStatement } from './audit.ts';
import type { Resumer } from './jobRecovery.ts';
import { JobTakenOver, stillOwned } from './jobLease.ts';
import { type Progress, startJob } from './jobs.ts';

/**
 * "Notify all" as a job (decision 0282): the notification goes to subscriber accounts in account-id order, a
 * chunk per transaction, and the job row keeps the last account reached, so a restart resumes after it and
 * nobody gets the message twice. Audited once, when everybody has it, with how many were sent.
 */
export const BROADCAST_CHUNK = 1000;

const row = (db: Db, jobId: string) =>
  db.kysely.selectFrom('broadcast_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();

/**
 * Sends a chunk at a time from where the job row says it is. On the asynchronous store (issue 39, decision 0434):
 * a chunk is one transaction of two statements, not an insert per subscriber.
 */
function work(db: Db, jobId: string, now: () => number) {
  return async (progress: Progress): Promise<string> => {
    const k = db.kysely;
    for (;;) {
      const r = await row(db, jobId);
      if (!r) throw new Error('The broadcast job is gone');
      // Its process died between the last chunk and the job's end: everybody has it, and it was audited.
      if (r.done) return `Sent to ${r.sent} subscribers`;
      const ids = (
        await k
          .selectFrom('accounts')
          .select('account_id')
          .where('kind', '=', 'user')
          .where('account_id', '>', r.after_account)
          .orderBy('account_id')
          .limit(BROADCAST_CHUNK)
          .execute()
      ).map((a) => a.account_id);
      const last = ids.at(-1);
      if (!last) {
        const actor = { id: r.created_by, email: r.actor_email };
        const after = { sent: r.sent, title: r.title, content: r.content };
        await transactionally(db, function* () {
          const ended = yield* query(
            k
              .updateTable('broadcast_jobs')
              .set({ done: 1 })
              .where('job_id', '=', jobId)
              .where('done', '=', 0)
              .where(stillOwned(db, jobId))
              .compile(),
          );
          if (Number(ended.numAffectedRows) !== 1) throw new JobTakenOver(jobId);
          yield* query(auditStatement(db, actor, 'notification.broadcast', 'all', { after }, now()));
        });
        return `Sent to ${r.sent} subscribers`;
      }
      await transactionally(db, function* () {
        yield* query(notificationsStatement(db, ids, r, newMsgId, now()));
        // Only from the account this run read, while this process owns the job: a process that lost it rolls its
        // chunk back (decision 0315).
        const moved = yield* query(
          k
            .updateTable('broadcast_jobs')
            .set((eb) => ({ after_account: last, sent: eb('sent', '+', ids.length) }))
            .where('job_id', '=', jobId)
            .where('after_account', '=', r.after_account)
            .where(stillOwned(db, jobId))
            .compile(),
        );
        if (Number(moved.numAffectedRows) !== 1) throw new JobTakenOver(jobId);
      });
      const sent = r.sent + ids.length;
      await progress(
        (sent / Math.max(r.total, sent)) * 100,
        `Sent to ${sent} of about ${r.total} subscribers`,
      );
      // Lets the server answer other calls between chunks (SQLite's statements answer without a turn of the loop).
      await new Promise((done) => setImmediate(done));
    }
  };
}

/** Starts sending a notification to every subscriber account as a job; answers the job (queued). */
export async function startBroadcastJob(
  db: Db,
  actor: Actor,
  m: { title: string; content: string },
  now: () => number,
): Promise<Job> {
  const counted = await db.kysely
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', 'user')
    .executeTakeFirst();
  return startJob(
    db,
    {
      kind: 'notification.broadcast',
      target: m.title,
      createdBy: actor.id,
      rows: (jobId) => [
        db.kysely
          .insertInto('broadcast_jobs')
          .values({
            job_id: jobId,
            title: m.title,
            content: m.content,
            total: Number(counted?.n ?? 0),
            created_by: actor.id,
            actor_email: actor.email,
          })
          .compile(),
      ],
    },
    (progress, jobId) => work(db, jobId, now)(progress),
    now,
  );
}

/** The work of a broadcast a process that died left unfinished, continuing after its last account (0282). */
export function broadcastResumer(db: Db, now: () => number): Resumer {
  return async (jobId) => ((await row(db, jobId)) ? work(db, jobId, now) : undefined);
}
