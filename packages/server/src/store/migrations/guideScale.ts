import type { Migration } from '../migrations.ts';

/**
 * The guide calls at 10,000 channels (issue 16): a viewer's sync asks the checksums of 1,000 guides a call, ten
 * calls a visit.
 */
export const guideScaleMigrations: Migration[] = [
  {
    version: 497,
    name: 'guide-stamps-by-guide',
    // The checksums of many guides are looked up by guide and day range: a covering index answers them without
    // reading each day's row (epg_days_stamps starts with the day, for the calls that ask one day).
    sql: 'CREATE INDEX epg_days_guide_stamps ON epg_days(epg_id, day, checksum, updated_at);',
  },
  {
    version: 498,
    name: 'lineup-version-imported',
    // Whether a channel is imported (a source_channels row) is read with the guide's sources and kept per line-up
    // version (an imported guide is never generated). A source's removal drops its rows without touching channels,
    // so these rows move the version too, as the tables of migration 147 do.
    sql: `
CREATE TRIGGER lineup_version_source_channels_insert AFTER INSERT ON source_channels BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_source_channels_delete AFTER DELETE ON source_channels BEGIN UPDATE lineup_version SET n = n + 1; END;
`,
  },
  {
    version: 499,
    name: 'versions-of-kept-reads',
    // Every channel list call read the broadcasts' opening times, the categories' names and two settings
    // (decision 0410): the first two now move the line-up's version, and the settings have a version of their
    // own, so a process keeps them per version and asks one number a call.
    sql: `
CREATE TRIGGER lineup_version_channel_broadcasts_insert AFTER INSERT ON channel_broadcasts BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_broadcasts_update AFTER UPDATE ON channel_broadcasts BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_broadcasts_delete AFTER DELETE ON channel_broadcasts BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_column_names_insert AFTER INSERT ON channel_column_names BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_column_names_update AFTER UPDATE ON channel_column_names BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_column_names_delete AFTER DELETE ON channel_column_names BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TABLE settings_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT INTO settings_version (id, n) VALUES (1, 0);
CREATE TRIGGER settings_version_app_settings_insert AFTER INSERT ON app_settings BEGIN UPDATE settings_version SET n = n + 1; END;
CREATE TRIGGER settings_version_app_settings_update AFTER UPDATE ON app_settings BEGIN UPDATE settings_version SET n = n + 1; END;
CREATE TRIGGER settings_version_app_settings_delete AFTER DELETE ON app_settings BEGIN UPDATE settings_version SET n = n + 1; END;
`,
  },
];
