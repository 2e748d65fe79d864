import { settingsValuesNow } from '../domain/appConfig.ts';
import type { Db } from '../store/db.ts';
import { lockRows, query, transactionally } from '../store/kysely/transactionally.ts';
import { JobTakenOver, jobLease } from './jobLease.ts';

// One transcode queue for the whole service (decision 0425): every upload's and every library file's transcode is
// a `title.transcode` job that starts when fewer than the operator's `transcode.parallel` run, across every
// process of a cluster, the highest priority first and then the oldest. The rows are the queue: no process keeps
// a list of its own. A job taken over from a process that died is set running by the takeover and runs at once.

/** Where a transcode stands in the queue: an editor waiting on a title's upload goes before a library's files. */
export const TRANSCODE_PRIORITY = { upload: 1, library: 0 } as const;

const QUEUE_POLL_MS = 500;

/**
 * Takes a slot for queued transcode `jobId` when it is its turn, in one transaction. On the asynchronous store
 * (issue 39, decision 0434): on PostgreSQL the transaction first locks every transcode still queued or running,
 * so of two processes taking a slot at once the second waits for the first and counts after it; the last slot is
 * never taken twice, and no other write waits. Answers 0 when taken, else how many transcodes are before it
 * (running over the limit, and queued ahead).
 */
async function takeSlot(db: Db, jobId: string, owner: string, now: number): Promise<number> {
  const limit = (await settingsValuesNow(db))['transcode.parallel'];
  const k = db.kysely;
  const transcodes = k.selectFrom('operator_jobs').where('kind', '=', 'title.transcode');
  return transactionally(db, function* () {
    yield* query(
      lockRows(db, transcodes.select('job_id').where('status', 'in', ['queued', 'running'])).compile(),
    );
    const [me] = (yield* query(
      k
        .selectFrom('operator_jobs')
        .select(['priority', 'created_at', 'status'])
        .where('job_id', '=', jobId)
        .where('owner', '=', owner)
        .compile(),
    )).rows;
    if (!me || (me.status !== 'queued' && me.status !== 'running')) throw new JobTakenOver(jobId);
    // Taken over from a process that died while it ran (or waited): it runs on (decision 0335).
    if (me.status === 'running') return 0;
    const count = function* (q: typeof transcodes) {
      const [r] = (yield* query(q.select((eb) => eb.fn.countAll().as('n')).compile())).rows;
      return Number(r?.n ?? 0);
    };
    const running = yield* count(transcodes.where('status', '=', 'running'));
    const ahead = yield* count(
      transcodes
        .where('status', '=', 'queued')
        .where('job_id', '<>', jobId)
        .where((eb) =>
          eb.or([
            eb('priority', '>', me.priority),
            eb.and([
              eb('priority', '=', me.priority),
              eb.or([
                eb('created_at', '<', me.created_at),
                eb.and([eb('created_at', '=', me.created_at), eb('job_id', '<', jobId)]),
              ]),
            ]),
          ]),
        ),
    );
    const before = Math.max(0, running - limit + 1) + ahead;
    const mine = k.updateTable('operator_jobs').where('job_id', '=', jobId).where('owner', '=', owner);
    yield* query(
      (before > 0
        ? mine.set({ message: waitingMessage(ahead, running), updated_at: now })
        : mine.set({ status: 'running', updated_at: now })
      ).compile(),
    );
    return before;
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
  while ((await takeSlot(db, jobId, owner, now())) > 0) {
    await new Promise((r) => setTimeout(r, QUEUE_POLL_MS));
  }
}
