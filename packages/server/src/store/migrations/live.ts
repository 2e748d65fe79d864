import type { Migration } from '../migrations.ts';

/**
 * The Live API's tables (versions 100-199): broadcast opening times, favourites, play history, programme
 * subscriptions, the stored guide (one row per epgId and UTC day, with its checksum), the IP-to-country table,
 * the home recommendations and the change marks of the update check.
 */
export const liveMigrations: Migration[] = [
  {
    version: 100,
    name: 'live',
    sql: `
CREATE TABLE channel_broadcasts (
  logical_channel_id TEXT PRIMARY KEY REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  opens_at BIGINT NOT NULL
);
CREATE TABLE favorite_channels (
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  update_time BIGINT NOT NULL,
  PRIMARY KEY (account_id, logical_channel_id)
);
CREATE TABLE play_history (
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  program_id TEXT NOT NULL,
  play_type TEXT NOT NULL CHECK (play_type IN ('live', 'catchup')),
  play_time BIGINT NOT NULL,
  duration BIGINT NOT NULL,
  PRIMARY KEY (account_id, logical_channel_id)
);
CREATE INDEX play_history_time ON play_history(play_time);
CREATE TABLE epg_days (
  epg_id TEXT NOT NULL,
  day TEXT NOT NULL,
  checksum TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (epg_id, day)
);
CREATE TABLE epg_programs (
  program_id TEXT PRIMARY KEY,
  epg_id TEXT NOT NULL,
  day TEXT NOT NULL,
  start_ts BIGINT NOT NULL,
  stop_ts BIGINT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  is_catchup INTEGER NOT NULL,
  FOREIGN KEY (epg_id, day) REFERENCES epg_days(epg_id, day) ON DELETE CASCADE
);
CREATE INDEX epg_programs_day ON epg_programs(epg_id, day, start_ts);
CREATE TABLE epg_program_langs (
  program_id TEXT NOT NULL REFERENCES epg_programs(program_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  PRIMARY KEY (program_id, lang)
);
CREATE TABLE program_subscriptions (
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  program_id TEXT NOT NULL,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, program_id)
);
CREATE TABLE ip_country_ranges (
  range_start BIGINT PRIMARY KEY,
  range_end BIGINT NOT NULL,
  country TEXT NOT NULL
);
CREATE TABLE home_recommends (
  seq INTEGER PRIMARY KEY,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE
);
CREATE TABLE live_change_marks (
  scope TEXT NOT NULL,
  data_type TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  changed_at BIGINT NOT NULL,
  PRIMARY KEY (scope, data_type)
);
`,
  },
  {
    version: 101,
    name: 'live-indexes',
    sql: `
CREATE INDEX epg_programs_start ON epg_programs(start_ts);
CREATE INDEX program_subscriptions_program ON program_subscriptions(program_id);
`,
  },
  {
    version: 102,
    name: 'live-guide-days-as-documents',
    // A day is read whole far more often than it is written (guide sync of 500 channels): it is kept as one JSON
    // document beside its checksum; epg_programs stays the index for lookups by id and by time (decision 0051).
    // Stored days are dropped: they are regenerated on demand, identical, so their checksums do not change.
    sql: `
DELETE FROM epg_days;
DROP TABLE epg_program_langs;
ALTER TABLE epg_days ADD COLUMN programs_json TEXT NOT NULL DEFAULT '[]';
CREATE INDEX epg_days_day ON epg_days(day);
`,
  },
  {
    version: 103,
    name: 'live-guide-day-stamps',
    // The guide calls check each day's checksum and update time on every call (the checksum query, the guide
    // cache of decision 0075): a covering index answers them without reading the day's document row. It
    // starts with the day, so it also serves what epg_days_day did.
    sql: `
CREATE INDEX epg_days_stamps ON epg_days(day, epg_id, checksum, updated_at);
DROP INDEX epg_days_day;
`,
  },
];
