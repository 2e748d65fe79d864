import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { CodeBatch, Job } from '@ottkit/api-client/contract';
import { OperatorErrCode } from '@ottkit/api-client/contract';
import { addRechargeCodes, newBatchId } from '../domain/recharge.ts';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { getPlan } from '../store/plans.ts';
import { type Actor, recordAudit } from './audit.ts';
import { toBatch } from './commerce.ts';
import { JobTakenOver, jobLease, ownsJob, STILL_OWNED } from './jobLease.ts';
import { getJob, type Progress, startJob } from './jobs.ts';
import { getBatch } from '../store/rechargeCodes.ts';

/**
 * Recharge code batches as jobs (decision 0282): the codes are made in chunks, each chunk one transaction with
 * its progress, so a batch of 10,000 never holds the server for long. The codes in clear exist only sealed
 * (AES-256-GCM, a key derived from the server secret) in `code_batch_exports` until the operator who started
 * the job takes them, once; then only the keyed hashes stay (decision 0240). A restart resumes the batch
 * from the codes it made.
 */
export const CODE_CHUNK = 500;

interface BatchJobRow {
  job_id: string;
  batch_id: string;
  plan_id: string;
  wanted: number;
  made: number;
  created_by: string;
  actor_email: string;
  taken_at: number | null;
}

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
  db.get<BatchJobRow>('SELECT * FROM code_batch_jobs WHERE job_id = ?', jobId);

/** Makes the codes still missing, chunk by chunk, from where the job row says it is. */
function work(db: Db, secret: string, jobId: string, now: () => number) {
  return async (progress: Progress): Promise<string> => {
    for (;;) {
      const r = batchJob(db, jobId);
      if (!r) throw new Error('The batch job is gone');
      if (r.made >= r.wanted) {
        if (!ownsJob(db, jobId)) throw new JobTakenOver(jobId);
        const actor = { id: r.created_by, email: r.actor_email };
        const batch = getBatch(db, r.batch_id);
        recordAudit(db, actor, 'codes.create', r.batch_id, { after: batch && toBatch(batch) }, now());
        return `Made ${r.made} codes in ${r.batch_id}: export them now`;
      }
      const n = Math.min(CODE_CHUNK, r.wanted - r.made);
      db.transaction(() => {
        const codes = addRechargeCodes(db, secret, r.plan_id, r.batch_id, n, now());
        db.run(
          'INSERT INTO code_batch_exports (job_id, seq, sealed) VALUES (?, ?, ?)',
          jobId,
          r.made,
          seal(secret, codes),
        );
        // Only from the count this run read, and only while this process owns the job: a process that stalled
        // past its lease while another took over rolls its chunk back instead of making codes twice (0315).
        const moved = db.run(
          `UPDATE code_batch_jobs SET made = made + ? WHERE job_id = ? AND made = ? AND ${STILL_OWNED}`,
          n,
          jobId,
          r.made,
          jobId,
          jobLease(db).owner,
        ).changes;
        if (moved !== 1) throw new JobTakenOver(jobId);
      });
      progress(((r.made + n) / r.wanted) * 100, `Made ${r.made + n} of ${r.wanted} codes`);
      // Lets the server answer other calls between chunks.
      await new Promise((done) => setImmediate(done));
    }
  };
}

/** Starts a batch of `count` codes for a plan as a job; answers the job (queued). */
export function startCodeBatchJob(
  db: Db,
  secret: string,
  actor: Actor,
  planId: string,
  count: number,
  now: () => number,
): Job {
  if (!getPlan(db, planId)) throw new DomainError(OperatorErrCode.NOT_FOUND, `No plan ${planId}`);
  const batchId = newBatchId();
  let jobId = '';
  const job = startJob(
    db,
    { kind: 'codes.create', target: batchId, createdBy: actor.id },
    (progress) => work(db, secret, jobId, now)(progress),
    now,
  );
  jobId = job.jobId;
  db.run(
    `INSERT INTO code_batch_jobs (job_id, batch_id, plan_id, wanted, created_by, actor_email)
     VALUES (?, ?, ?, ?, ?, ?)`,
    jobId,
    batchId,
    planId,
    count,
    actor.id,
    actor.email,
  );
  return job;
}

/**
 * The codes of a finished batch job, once, to the operator who started it; then only their hashes remain.
 * The export is audited by its count, never its codes.
 */
export function takeBatchCodes(
  db: Db,
  secret: string,
  actor: Actor,
  jobId: string,
  now: number,
): { batch: CodeBatch; codes: string[] } {
  const r = batchJob(db, jobId);
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
  if (getJob(db, jobId)?.status !== 'succeeded') {
    throw new DomainError(OperatorErrCode.NOT_READY, 'The batch is still being made', 409);
  }
  return db.transaction(() => {
    const codes = db
      .all<{ sealed: string }>('SELECT sealed FROM code_batch_exports WHERE job_id = ? ORDER BY seq', jobId)
      .flatMap((x) => unseal(secret, x.sealed));
    db.run('DELETE FROM code_batch_exports WHERE job_id = ?', jobId);
    db.run('UPDATE code_batch_jobs SET taken_at = ? WHERE job_id = ?', now, jobId);
    recordAudit(db, actor, 'codes.export', r.batch_id, { after: { codes: codes.length } }, now);
    const batch = getBatch(db, r.batch_id);
    if (!batch) throw new DomainError(OperatorErrCode.NOT_FOUND, `No batch ${r.batch_id}`, 404);
    return { batch: toBatch(batch), codes };
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
export function codeBatchResumer(db: Db, secret: string, now: () => number) {
  return (jobId: string) => {
    const r = batchJob(db, jobId);
    return r && r.taken_at === null ? work(db, secret, jobId, now) : undefined;
  };
}
