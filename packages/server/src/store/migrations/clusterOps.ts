import type { Migration } from '../migrations.ts';

/**
 * Issue 19's cluster operations (versions 470-474). 470: every unfinished operator job is owned by one process
 * instance with a lease it renews while the job runs (decision 0315), so a process starting beside live ones
 * takes over only the jobs of a process that died. 471: the ended-sessions list the edge reads every second
 * (decision 0306) finds its rows by index instead of scanning every session (decision 0316).
 */
export const clusterOpsMigrations: Migration[] = [
  {
    version: 470,
    name: 'operator job owner and lease',
    sql: `
ALTER TABLE operator_jobs ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE operator_jobs ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
CREATE INDEX operator_jobs_lease ON operator_jobs(status, lease_until);
`,
  },
  {
    version: 471,
    name: 'sessions by ending',
    sql: `
CREATE INDEX sessions_revoked_at ON sessions(revoked_at);
CREATE INDEX sessions_expires_at ON sessions(expires_at);
`,
  },
];
