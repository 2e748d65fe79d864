import type { Migration } from '../migrations.ts';

/**
 * The console's notices and dashboard (versions 425-429, issue 18 §6 and §1, decision 0245): a notice's
 * scheduled start, the telemetry index the dashboard's window reads by, and the rolled-up days' channel-change
 * times (the tables they extend exist by then: notices at 300, daily aggregates at 141, telemetry at 400).
 */
export const consoleNoticeMigrations: Migration[] = [
  {
    version: 425,
    name: 'notice-start',
    sql: 'ALTER TABLE notices ADD COLUMN starts_at BIGINT;',
  },
  {
    version: 426,
    name: 'telemetry-type-ts',
    sql: 'CREATE INDEX telemetry_events_type_ts ON telemetry_events (type, ts);',
  },
  {
    // Channel-change times of rolled-up days, as a histogram like the start-up times' (decision 0161).
    version: 427,
    name: 'telemetry-daily-zap',
    sql: `
CREATE TABLE telemetry_daily_zap (
  day TEXT NOT NULL,
  source_id TEXT NOT NULL,
  zap_ms INTEGER NOT NULL,
  events INTEGER NOT NULL,
  PRIMARY KEY (day, source_id, zap_ms)
);
`,
  },
];
