import type { Db } from '../store/db.ts';
import type { Actor } from './audit.ts';

/**
 * What a job needs to be run again by another process (decision 0335): who started it (the audit entry names
 * them) and its own parameters. Only the console's jobs keep them; a job without them (the command line's, the
 * schedule's) is failed in words when its process dies, as before.
 */
export function keepJobParams(db: Db, jobId: string, actor: Actor, params: object): void {
  db.run(
    'INSERT INTO operator_job_params (job_id, actor_email, params) VALUES (?, ?, ?)',
    jobId,
    actor.email,
    JSON.stringify(params),
  );
}

/** A job's parameters as its work moves on (what an import made, which of its transcodes began). */
export function updateJobParams(db: Db, jobId: string, params: object): void {
  db.run('UPDATE operator_job_params SET params = ? WHERE job_id = ?', JSON.stringify(params), jobId);
}

/** The kept parameters of job `jobId` with its actor, or undefined when it kept none. */
export function jobParams<T>(db: Db, jobId: string): { actor: Actor; params: T } | undefined {
  const r = db.get<{ created_by: string; actor_email: string; params: string }>(
    `SELECT j.created_by, p.actor_email, p.params FROM operator_job_params p
     JOIN operator_jobs j ON j.job_id = p.job_id WHERE p.job_id = ?`,
    jobId,
  );
  return r && { actor: { id: r.created_by, email: r.actor_email }, params: JSON.parse(r.params) as T };
}
