import type { Migration } from '../migrations.ts';

/** Hardening (versions 140-144): state that security checks need. */
export const hardeningMigrations: Migration[] = [
  {
    version: 140,
    name: 'member-site grants',
    // Every grant the member site signed, once: a replayed grant credits nothing (decision 0160).
    sql: `
CREATE TABLE member_site_grants (
  grant_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  issued_at BIGINT NOT NULL,
  accepted_at BIGINT NOT NULL
);
`,
  },
];
