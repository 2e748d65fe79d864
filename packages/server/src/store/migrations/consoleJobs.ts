import type { Migration } from '../migrations.ts';

/**
 * Recharge code batches and "notify all" as operator jobs (issue 18, versions 456-459, decision 0282). Each job
 * keeps where it is, so a server restart resumes it from there: a batch its codes made so far (sealed with a
 * key derived from the server secret until the console takes them, once), a broadcast the last account it
 * reached.
 */
export const consoleJobMigrations: Migration[] = [
  {
    version: 456,
    name: 'code batch and broadcast jobs',
    sql: `
CREATE TABLE code_batch_jobs (
  job_id TEXT PRIMARY KEY,
  batch_id TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  wanted INTEGER NOT NULL,
  made INTEGER NOT NULL DEFAULT 0,
  created_by TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  taken_at BIGINT
);
CREATE TABLE code_batch_exports (
  job_id TEXT NOT NULL REFERENCES code_batch_jobs(job_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  sealed TEXT NOT NULL,
  PRIMARY KEY (job_id, seq)
);
CREATE TABLE broadcast_jobs (
  job_id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  after_account TEXT NOT NULL DEFAULT '',
  sent INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0
);
`,
  },
];
