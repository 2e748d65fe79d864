import type { Migration } from '../migrations.ts';

/** Player telemetry (versions 400-499). One row per event id: repeats of a batch change nothing. */
export const telemetryMigrations: Migration[] = [
  {
    version: 400,
    name: 'telemetry events',
    sql: `
CREATE TABLE telemetry_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  account_id TEXT NOT NULL,
  source_id TEXT NOT NULL,
  ts BIGINT NOT NULL,
  received_at BIGINT NOT NULL,
  payload TEXT NOT NULL
);
CREATE INDEX telemetry_events_by_source ON telemetry_events (type, source_id, ts);
`,
  },
  {
    // Issue 37: who is watching now, one row per subscriber and channel or title, from the players' `watching`
    // reports (decision 0373). A row goes when its session's end is reported, or when its reports stop.
    version: 401,
    name: 'watching now',
    sql: `
CREATE TABLE watching_now (
  account_id TEXT NOT NULL,
  source_id TEXT NOT NULL,
  last_ts BIGINT NOT NULL,
  received_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, source_id)
);
CREATE INDEX watching_now_by_time ON watching_now (received_at);
`,
  },
];
