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
  {
    // Telemetry rolled up per day and source, so raw events can expire (decision 0161).
    version: 141,
    name: 'telemetry daily aggregates',
    sql: `
CREATE TABLE telemetry_daily (
  day TEXT NOT NULL,
  source_id TEXT NOT NULL,
  sessions INTEGER NOT NULL,
  stall_ms BIGINT NOT NULL,
  watched_ms BIGINT NOT NULL,
  errors INTEGER NOT NULL,
  PRIMARY KEY (day, source_id)
);
CREATE TABLE telemetry_daily_startup (
  day TEXT NOT NULL,
  source_id TEXT NOT NULL,
  startup_ms INTEGER NOT NULL,
  events INTEGER NOT NULL,
  PRIMARY KEY (day, source_id, startup_ms)
);
`,
  },
];
