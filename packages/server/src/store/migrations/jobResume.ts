import type { Migration } from '../migrations.ts';

/**
 * Long operator work that survives a dead process (versions 495-499, decision 0335). 495: when another process
 * took a job over and ran it again (`resumed_at`, ms; the console says so), and what a job needs to be run again
 * by a process other than the one that started it (`operator_job_params`: who started it, with their email for
 * the audit entry, and the job's own parameters as JSON: a source's id, a title's upload and asset ids).
 */
export const jobResumeMigrations: Migration[] = [
  {
    version: 495,
    name: 'resumable operator jobs',
    sql: `
ALTER TABLE operator_jobs ADD COLUMN resumed_at BIGINT;
CREATE TABLE operator_job_params (
  job_id TEXT PRIMARY KEY,
  actor_email TEXT NOT NULL,
  params TEXT NOT NULL
);
`,
  },
];
