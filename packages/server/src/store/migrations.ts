import type { Db } from './db.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Versioned schema changes, applied in order, each once, in one transaction. Append only: never edit a
 * migration that has shipped, add a new one. Types are ones PostgreSQL also knows (TEXT, INTEGER, BIGINT);
 * booleans are INTEGER 0/1, JSON-ish lists get their own tables.
 */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'channels',
    sql: `
CREATE TABLE channel_columns (
  column_id TEXT PRIMARY KEY,
  column_name TEXT NOT NULL,
  column_seq INTEGER NOT NULL
);
CREATE TABLE channels (
  logical_channel_id TEXT PRIMARY KEY,
  logical_channel_name TEXT NOT NULL,
  channel_seq INTEGER NOT NULL,
  channel_id TEXT NOT NULL,
  channel_type INTEGER NOT NULL,
  source_type INTEGER NOT NULL,
  icon_url TEXT NOT NULL,
  can_play_back INTEGER NOT NULL,
  playback_duration INTEGER NOT NULL,
  epg_id TEXT NOT NULL,
  live_stream_id TEXT NOT NULL,
  drm_type TEXT NOT NULL,
  product_id TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE channel_column_members (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  column_id TEXT NOT NULL REFERENCES channel_columns(column_id) ON DELETE CASCADE,
  PRIMARY KEY (logical_channel_id, column_id)
);
CREATE TABLE channel_audio_posters (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (logical_channel_id, seq)
);
CREATE TABLE physical_channels (
  channel_id TEXT PRIMARY KEY,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  live_stream_id TEXT NOT NULL,
  dvr_stream_id TEXT NOT NULL,
  stream_id TEXT NOT NULL,
  content_id TEXT NOT NULL,
  dvr_content_id TEXT NOT NULL,
  drm_type TEXT NOT NULL,
  resolution TEXT NOT NULL,
  safari_live_stream_id TEXT,
  safari_dvr_stream_id TEXT
);
CREATE INDEX physical_channels_logical ON physical_channels(logical_channel_id);
CREATE TABLE channel_content_rules (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  rule_category TEXT NOT NULL CHECK (rule_category IN ('basic', 'except')),
  action TEXT NOT NULL CHECK (action IN ('allow', 'deny')),
  rule_type TEXT NOT NULL CHECK (rule_type IN ('ip', 'mac', 'region', 'account')),
  rule_value TEXT NOT NULL,
  PRIMARY KEY (logical_channel_id, seq)
);
CREATE TABLE app_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
];

/** Applies every migration newer than the recorded version; returns the versions applied. */
export function migrate(db: Db, list: Migration[] = migrations): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`);
  const row = db.get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
  const current = row?.v ?? 0;
  const applied: number[] = [];
  for (const m of [...list].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.run(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
        m.version,
        m.name,
        Date.now(),
      );
    });
    applied.push(m.version);
  }
  return applied;
}
