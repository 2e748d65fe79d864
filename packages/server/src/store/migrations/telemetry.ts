import type { Migration } from '../migrations.ts';

/**
 * Player telemetry (versions 400-499, and 530 and 546 once the other areas had passed 499). One row per event id: repeats
 * of a batch change nothing.
 */
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
  {
    // Issue 37 (version 530, after the highest of every area; decision 0389): the plays the origin served, one row
    // per subscriber, channel or title and stretch of serving, so that the dashboard counts a play whose player
    // never reported it. The index on the raw events finds a subscriber's reports of a source, which settle
    // whether a served play was reported; the daily aggregates keep the unreported ones apart.
    version: 530,
    name: 'served plays',
    sql: `
CREATE TABLE served_plays (
  account_id TEXT NOT NULL,
  source_id TEXT NOT NULL,
  first_at BIGINT NOT NULL,
  last_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, source_id, first_at)
);
CREATE INDEX served_plays_by_end ON served_plays (last_at);
CREATE INDEX telemetry_events_by_account ON telemetry_events (account_id, source_id, ts);
ALTER TABLE telemetry_daily ADD COLUMN served_sessions INTEGER NOT NULL DEFAULT 0;
`,
  },
  {
    // Issue 41 (decision 0444): the delay to viewers of the players' `watching` reports, which are not kept as raw
    // events (one a viewer a minute would fill the raw store). A histogram per channel and five-minute slot:
    // latency bucket (two significant figures, ms) and low-latency mode (0/1) → viewer-minutes. The key leads
    // with the channel, so the live inputs screen's page of channels reads its window by range; the slot index
    // is the roll-up's, which forgets slots past the window.
    version: 546,
    name: 'telemetry latency',
    sql: `
CREATE TABLE telemetry_latency (
  source_id TEXT NOT NULL,
  slot BIGINT NOT NULL,
  latency_ms INTEGER NOT NULL,
  low_latency INTEGER NOT NULL,
  minutes INTEGER NOT NULL,
  PRIMARY KEY (source_id, slot, latency_ms, low_latency)
);
CREATE INDEX telemetry_latency_by_slot ON telemetry_latency (slot);
`,
  },
];
