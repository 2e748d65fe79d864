import type { Migration } from '../migrations.ts';

/**
 * Titles made in the console (issue 18 §4, versions 415-419): drafts with their texts, and the video uploads
 * to them. A draft reaches the subscribers' catalogue (`vod_metas`) only when published (decision 0235). How
 * much of an upload the server holds is the size of its file on disk, never a column that could disagree.
 */
export const titleMigrations: Migration[] = [
  {
    version: 415,
    name: 'console titles and uploads',
    sql: `
CREATE TABLE console_titles (
  meta_id TEXT PRIMARY KEY,
  meta_type TEXT NOT NULL CHECK (meta_type IN ('MOVIE')),
  vod_type TEXT NOT NULL,
  release_year INTEGER NOT NULL,
  asset_id TEXT,
  duration INTEGER NOT NULL DEFAULT 0,
  qualities TEXT NOT NULL DEFAULT '',
  job_id TEXT,
  published_at BIGINT,
  created_by TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE console_title_texts (
  meta_id TEXT NOT NULL REFERENCES console_titles(meta_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  plot TEXT NOT NULL,
  PRIMARY KEY (meta_id, lang)
);
CREATE TABLE title_uploads (
  upload_id TEXT PRIMARY KEY,
  meta_id TEXT NOT NULL REFERENCES console_titles(meta_id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  size BIGINT NOT NULL,
  fingerprint TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX title_uploads_meta ON title_uploads(meta_id, created_at);
`,
  },
];
