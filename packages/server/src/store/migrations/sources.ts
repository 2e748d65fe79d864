import type { Migration } from '../migrations.ts';

/**
 * Line-up sources (versions 145-149, issue 16): the operator's M3U, Xtream Codes and XMLTV sources with their
 * last refresh, the link from each imported channel to its source and upstream identity (decision 0171), the
 * guide channels each source offers, and hand mappings, which survive every refresh (decision 0170).
 */
export const sourceMigrations: Migration[] = [
  {
    version: 145,
    name: 'line-up-sources',
    sql: `
CREATE TABLE lineup_sources (
  source_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('m3u', 'xtream', 'xmltv')),
  location TEXT NOT NULL,
  xtream_user TEXT NOT NULL DEFAULT '',
  xtream_password TEXT NOT NULL DEFAULT '',
  guide_location TEXT NOT NULL DEFAULT '',
  refresh_minutes INTEGER NOT NULL,
  groups_json TEXT,
  product_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'ok', 'failed')),
  last_refresh_at BIGINT,
  last_duration_ms BIGINT,
  last_error TEXT NOT NULL DEFAULT '',
  counts_json TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE source_channels (
  logical_channel_id TEXT PRIMARY KEY REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  source_id INTEGER NOT NULL REFERENCES lineup_sources(source_id) ON DELETE CASCADE,
  upstream_key TEXT NOT NULL,
  tvg_id TEXT NOT NULL,
  name TEXT NOT NULL,
  group_name TEXT NOT NULL,
  stream_url TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  referrer TEXT NOT NULL,
  logo_url TEXT NOT NULL,
  guide_source_id INTEGER,
  xmltv_id TEXT,
  mapped_by TEXT,
  UNIQUE (source_id, upstream_key)
);
CREATE TABLE source_columns (
  column_id TEXT PRIMARY KEY REFERENCES channel_columns(column_id) ON DELETE CASCADE,
  source_id INTEGER NOT NULL REFERENCES lineup_sources(source_id) ON DELETE CASCADE,
  group_name TEXT NOT NULL,
  UNIQUE (source_id, group_name)
);
CREATE TABLE guide_channels (
  source_id INTEGER NOT NULL REFERENCES lineup_sources(source_id) ON DELETE CASCADE,
  xmltv_id TEXT NOT NULL,
  names_json TEXT NOT NULL,
  PRIMARY KEY (source_id, xmltv_id)
);
CREATE TABLE guide_hand_mappings (
  logical_channel_id TEXT PRIMARY KEY REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  xmltv_id TEXT,
  created_at BIGINT NOT NULL
);
`,
  },
  {
    version: 146,
    name: 'programme-categories-and-ratings',
    // XMLTV <category> and <rating> of imported programmes (issue 16), kept for the rating rules of issue 20:
    // the categories as a JSON list of texts, the rating as its system (e.g. MPAA, '' when none) and value.
    sql: `
ALTER TABLE epg_programs ADD COLUMN categories_json TEXT NOT NULL DEFAULT '[]';
ALTER TABLE epg_programs ADD COLUMN rating_system TEXT NOT NULL DEFAULT '';
ALTER TABLE epg_programs ADD COLUMN rating TEXT NOT NULL DEFAULT '';
`,
  },
  {
    version: 147,
    name: 'lineup-version',
    // The kept channel list (decision 0174) is valid while this number stays: every insert, update or delete of a
    // table the line-up is read from moves it, whichever process or command writes. Row counts and the newest
    // updated_at missed an edited rule and a removed-then-added one (an ABA the route tests hit).
    sql: `
CREATE TABLE lineup_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT INTO lineup_version (id, n) VALUES (1, 0);
CREATE TRIGGER lineup_version_channels_insert AFTER INSERT ON channels BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channels_update AFTER UPDATE ON channels BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channels_delete AFTER DELETE ON channels BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_physical_channels_insert AFTER INSERT ON physical_channels BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_physical_channels_update AFTER UPDATE ON physical_channels BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_physical_channels_delete AFTER DELETE ON physical_channels BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_columns_insert AFTER INSERT ON channel_columns BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_columns_update AFTER UPDATE ON channel_columns BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_columns_delete AFTER DELETE ON channel_columns BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_column_members_insert AFTER INSERT ON channel_column_members BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_column_members_update AFTER UPDATE ON channel_column_members BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_column_members_delete AFTER DELETE ON channel_column_members BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_audio_posters_insert AFTER INSERT ON channel_audio_posters BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_audio_posters_update AFTER UPDATE ON channel_audio_posters BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_audio_posters_delete AFTER DELETE ON channel_audio_posters BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_content_rules_insert AFTER INSERT ON channel_content_rules BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_content_rules_update AFTER UPDATE ON channel_content_rules BEGIN UPDATE lineup_version SET n = n + 1; END;
CREATE TRIGGER lineup_version_channel_content_rules_delete AFTER DELETE ON channel_content_rules BEGIN UPDATE lineup_version SET n = n + 1; END;
`,
  },
];
