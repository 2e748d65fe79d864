import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { CodeBatch, Job } from '@ottkit/api-client/contract';
import { OperatorErrCode } from '@ottkit/api-client/contract';
import { newBatchId, newRechargeCodes } from '../domain/recharge.ts';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { lockRows, query, transactionally } from '../store/kysely/transactionally.ts';
import { planNow } from '../store/plans.ts';
import { type Actor, auditStatement } from './audit.ts';
import { batchIn } from './commerce.ts';
import type { Resumer } from './jobRecovery.ts';
import { JobTakenOver, jobLease, stillOwned } from './jobLease.ts';
import { type Progress, startJob } from './jobs.ts';

/**
 * Recharge code batches as jobs (decision 0282): the codes are made in chunks, each chunk one transaction with
 * its progress, so a batch of 10,000 never holds the server for long. The codes in clear exist only sealed
 * (AES-256-GCM, a key derived from the server secret) in `code_batch_exports` until the operator who started
 * the job takes them, once; then only the keyed hashes stay (decision 0240). A restart resumes the batch
 * from the codes it made.
 */
export const CODE_CHUNK = 500;

const keyOf = (secret: string) => createHmac('sha256', secret).update('code-batch-export').digest();

function seal(secret: string, codes: string[]): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([c.update(codes.join(','), 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString('base64')).join('.');
}

function unseal(secret: string, sealed: string): string[] {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64')) as [Buffer, Buffer, Buffer];
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(body), d.final()])
    .toString('utf8')
    .split(',');
}

const batchJob = (db: Db, jobId: string) =>
  db.kysely.selectFrom('code_batch_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();

/**
 * Makes the codes still missing, chunk by chunk, from where the job row says it is. On the asynchronous store
 * (issue 39, decision 0434): a chunk is one transaction of a few statements, not a read and a write per code.
 */
function work(db: Db, secret: string, jobId: string, now: () => number) {
  return async (progress: Progress): Promise<string> => {
    const k = db.kysely;
    for (;;) {
      const r = await batchJob(db, jobId);
      if (!r) throw new Error('The batch job is gone');
      if (r.made >= r.wanted) {
        const actor = { id: r.created_by, email: r.actor_email };
        // Audited once: with the job's row locked, and only while it is still this instance's.
        await transactionally(db, function* () {
          const job = lockRows(db, k.selectFrom('operator_jobs').select('owner').where('job_id', '=', jobId));
          if ((yield* query(job.compile())).rows[0]?.owner !== jobLease(db).owner)
            throw new JobTakenOver(jobId);
          const batch = yield* batchIn(db, r.batch_id);
          yield* query(auditStatement(db, actor, 'codes.create', r.batch_id, { after: batch }, now()));
        });
        return `Made ${r.made} codes in ${r.batch_id}: export them now`;
      }
      const n = Math.min(CODE_CHUNK, r.wanted - r.made);
      await transactionally(db, function* () {
        const codes = yield* newRechargeCodes(db, secret, r.plan_id, r.batch_id, n, now());
        yield* query(
          k
            .insertInto('code_batch_exports')
            .values({ job_id: jobId, seq: r.made, sealed: seal(secret, codes) })
            .compile(),
        );
        // Only from the count this run read, and only while this process owns the job: a process that stalled
        // past its lease while another took over rolls its chunk back instead of making codes twice (0315).
        const moved = yield* query(
          k
            .updateTable('code_batch_jobs')
            .set((eb) => ({ made: eb('made', '+', n) }))
            .where('job_id', '=', jobId)
            .where('made', '=', r.made)
            .where(stillOwned(db, jobId))
            .compile(),
        );
        if (Number(moved.numAffectedRows) !== 1) throw new JobTakenOver(jobId);
      });
      await progress(((r.made + n) / r.wanted) * 100, `Made ${r.made + n} of ${r.wanted} codes`);
      // Lets the server answer other calls between chunks (SQLite's statements answer without a turn of the loop).
      await new Promise((done) => setImmediate(done));
    }
  };
}

/** Starts a batch of `count` codes for a plan as a job; answers the job (queued). */
export async function startCodeBatchJob(
  db: Db,
  secret: string,
  actor: Actor,
  planId: string,
  count: number,
  now: () => number,
): Promise<Job> {
  if (!(await planNow(db, planId))) throw new DomainError(OperatorErrCode.NOT_FOUND, `No plan ${planId}`);
  const batchId = newBatchId();
  return startJob(
    db,
    {
      kind: 'codes.create',
      target: batchId,
      createdBy: actor.id,
      rows: (jobId) => [
        db.kysely
          .insertInto('code_batch_jobs')
          .values({
            job_id: jobId,
            batch_id: batchId,
            plan_id: planId,
            wanted: count,
            created_by: actor.id,
            actor_email: actor.email,
          })
          .compile(),
      ],
    },
    (progress, jobId) => work(db, secret, jobId, now)(progress),
    now,
  );
}

/**
 * The codes of a finished batch job, once, to the operator who started it; then only their hashes remain.
 * The export is audited by its count, never its codes. One transaction with the batch job's row locked: of two
 * takes at once, one gets the codes and the other hears they were exported.
 */
export function takeBatchCodes(
  db: Db,
  secret: string,
  actor: Actor,
  jobId: string,
  now: number,
): Promise<{ batch: CodeBatch; codes: string[] }> {
  const k = db.kysely;
  return transactionally(db, function* () {
    const [r] = (yield* query(
      lockRows(db, k.selectFrom('code_batch_jobs').selectAll().where('job_id', '=', jobId)).compile(),
    )).rows;
    if (!r || r.created_by !== actor.id) {
      throw new DomainError(OperatorErrCode.NOT_FOUND, 'No code batch of yours with that job', 404);
    }
    if (r.taken_at !== null) {
      throw new DomainError(
        OperatorErrCode.NOT_READY,
        'These codes were exported already: void the batch if they are lost',
        409,
      );
    }
    const [job] = (yield* query(
      k.selectFrom('operator_jobs').select('status').where('job_id', '=', jobId).compile(),
    )).rows;
    if (job?.status !== 'succeeded') {
      throw new DomainError(OperatorErrCode.NOT_READY, 'The batch is still being made', 409);
    }
    const sealed = (yield* query(
      k
        .selectFrom('code_batch_exports')
        .select('sealed')
        .where('job_id', '=', jobId)
        .orderBy('seq')
        .compile(),
    )).rows;
    const codes = sealed.flatMap((x) => unseal(secret, x.sealed));
    yield* query(k.deleteFrom('code_batch_exports').where('job_id', '=', jobId).compile());
    yield* query(
      k.updateTable('code_batch_jobs').set({ taken_at: now }).where('job_id', '=', jobId).compile(),
    );
    yield* query(
      auditStatement(db, actor, 'codes.export', r.batch_id, { after: { codes: codes.length } }, now),
    );
    return { batch: yield* batchIn(db, r.batch_id), codes };
  });
}

/** Batch jobs whose codes wait for their operator to take them, with their job's status. */
export async function pendingBatchJobs(
  db: Db,
  actorId: string,
): Promise<{ jobId: string; batchId: string; status: Job['status'] }[]> {
  const rows = await db.kysely
    .selectFrom('code_batch_jobs as b')
    .innerJoin('operator_jobs as j', 'j.job_id', 'b.job_id')
    .select(['b.job_id', 'b.batch_id', 'j.status'])
    .where('b.created_by', '=', actorId)
    .where('b.taken_at', 'is', null)
    .where('j.status', '<>', 'failed')
    .orderBy('j.created_at')
    .orderBy('b.job_id')
    .execute();
  return rows.map((r) => ({ jobId: r.job_id, batchId: r.batch_id, status: r.status }));
}

/**
 * The work of a batch job a process that died left unfinished, continuing from the codes it made (decision 0282);
 * undefined when there is nothing to continue (its codes were taken, or its row is gone).
 */
export function codeBatchResumer(db: Db, secret: string, now: () => number): Resumer {
  return async (jobId) => {
    const r = await batchJob(db, jobId);
    return r && r.taken_at === null ? work(db, secret, jobId, now) : undefined;
  };
}
