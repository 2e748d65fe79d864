import type { Migration } from '../migrations.ts';

/**
 * Live sources (versions 160-169, issue 17, decision 0220): a channel's inputs in priority order and how it is
 * served (relay on demand, or recorded with a retention). A channel with no row here plays as before (the
 * looped sample, or nothing for an imported channel without sources).
 */
export const liveSourceMigrations: Migration[] = [
  {
    version: 160,
    name: 'live-sources',
    sql: `
CREATE TABLE live_channel_sources (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (logical_channel_id, position)
);
CREATE TABLE live_channel_modes (
  logical_channel_id TEXT PRIMARY KEY REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('relay', 'record')),
  retention_days INTEGER NOT NULL
);
`,
  },
  // Issue 17's remainder (versions 435-439, decisions 0255-0256): source switches kept across restarts (the last
  // 24 h are reported), and the per-channel transcode option (video to H.264).
  {
    version: 435,
    name: 'live-switches',
    sql: `
CREATE TABLE live_switches (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  at BIGINT NOT NULL
);
CREATE INDEX live_switches_channel_at ON live_switches (logical_channel_id, at);
`,
  },
  {
    version: 436,
    name: 'live-transcode',
    sql: `
ALTER TABLE live_channel_modes ADD COLUMN video TEXT NOT NULL DEFAULT 'copy' CHECK (video IN ('copy', 'h264'));
`,
  },
  // The transcode ladder (version 450, decision 0270): `ladder` joins the video option's allowed values. SQLite
  // cannot change a CHECK in place, so the table is rebuilt with its rows.
  {
    version: 450,
    name: 'live-ladder',
    sql: `
CREATE TABLE live_channel_modes_450 (
  logical_channel_id TEXT PRIMARY KEY REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('relay', 'record')),
  retention_days INTEGER NOT NULL,
  video TEXT NOT NULL DEFAULT 'copy' CHECK (video IN ('copy', 'h264', 'ladder'))
);
INSERT INTO live_channel_modes_450 (logical_channel_id, mode, retention_days, video)
  SELECT logical_channel_id, mode, retention_days, video FROM live_channel_modes;
DROP TABLE live_channel_modes;
ALTER TABLE live_channel_modes_450 RENAME TO live_channel_modes;
`,
  },
  // Issue 37 (version 510, decision 0383): the operator's "switch to this source", kept so that the process that
  // packages the channel, which may be another one of the cluster, applies it at its next read. One a channel: a
  // newer request replaces the older and counts one more (`seq`: the runners take each request once, whatever
  // the clocks of the processes say).
  {
    version: 510,
    name: 'live-on-air-requests',
    sql: `
CREATE TABLE live_on_air_requests (
  logical_channel_id TEXT PRIMARY KEY REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  at BIGINT NOT NULL,
  seq INTEGER NOT NULL DEFAULT 1
);
`,
  },
  // Issue 37 (version 520, decision 0387): each channel's health over the last 24 h, five minutes a row, for the
  // console's chart: the bitrate on air summed over the packager's samples (their mean is the sum over the count),
  // and the source failures. Switches stay one row each in live_switches.
  {
    version: 520,
    name: 'live-health',
    sql: `
CREATE TABLE live_health (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  at BIGINT NOT NULL,
  bitrate_sum BIGINT NOT NULL DEFAULT 0,
  samples INTEGER NOT NULL DEFAULT 0,
  errors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (logical_channel_id, at)
);
`,
  },
];
