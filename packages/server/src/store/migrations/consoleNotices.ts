import type { Migration } from '../migrations.ts';

/**
 * The console's notices and dashboard (versions 425-429, issue 18 §6 and §1, decision 0245): a notice's
 * scheduled start, and the telemetry index the dashboard's window reads by (both tables exist by then: notices
 * at 300, telemetry at 400).
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
];
