import type { Db } from '../store/db.ts';
import type { Actor } from './audit.ts';

/**
 * What a job needs to be run again by another process (decision 0335): who started it (the audit entry names
 * them) and its own parameters. Only the console's jobs keep them; a job without them (the command line's, the
 * schedule's) is failed in words when its process dies, as before.
 */
/** Keeps job `jobId`'s parameters: a statement of the job's own rows (`startJob`'s `rows`), written with it. */
export const jobParamsStatement = (db: Db, jobId: string, actor: Actor, params: object) =>
  db.kysely
    .insertInto('operator_job_params')
    .values({ job_id: jobId, actor_email: actor.email, params: JSON.stringify(params) })
    .compile();

/** A job's parameters as its work moves on (what an import made, which of its transcodes began). */
export async function updateJobParams(db: Db, jobId: string, params: object): Promise<void> {
  await db.kysely
    .updateTable('operator_job_params')
    .set({ params: JSON.stringify(params) })
    .where('job_id', '=', jobId)
    .execute();
}

/** The kept parameters of job `jobId` with its actor, or undefined when it kept none. */
export async function jobParams<T>(db: Db, jobId: string): Promise<{ actor: Actor; params: T } | undefined> {
  const r = await db.kysely
    .selectFrom('operator_job_params as p')
    .innerJoin('operator_jobs as j', 'j.job_id', 'p.job_id')
    .select(['j.created_by', 'p.actor_email', 'p.params'])
    .where('p.job_id', '=', jobId)
    .executeTakeFirst();
  return r && { actor: { id: r.created_by, email: r.actor_email }, params: JSON.parse(r.params) as T };
}
