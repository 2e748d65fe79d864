import type { Migration } from '../migrations.ts';

/**
 * Series, seasons and episodes in the console (issue 18 §4, versions 455-459, decision 0280). A console title
 * may be a SERIES, a SEASON of one (`series_id`, `season_no`) or an EPISODE (`series_id`, `season_no`,
 * `episode_no`), like the catalogue's `vod_metas`. SQLite cannot change a CHECK in place and dropping a parent
 * table deletes its children through their cascades, so the children's rows are copied first, every table is
 * rebuilt, and the renames point the copies' references at the rebuilt table (PostgreSQL does the same).
 */
export const titleEpisodeMigrations: Migration[] = [
  {
    version: 455,
    name: 'console series seasons episodes',
    sql: `
CREATE TABLE console_titles_455 (
  meta_id TEXT PRIMARY KEY,
  meta_type TEXT NOT NULL CHECK (meta_type IN ('MOVIE', 'SERIES', 'SEASON', 'EPISODE')),
  vod_type TEXT NOT NULL,
  release_year INTEGER NOT NULL,
  series_id TEXT REFERENCES console_titles_455(meta_id) ON DELETE CASCADE,
  season_no INTEGER,
  episode_no INTEGER,
  asset_id TEXT,
  duration INTEGER NOT NULL DEFAULT 0,
  qualities TEXT NOT NULL DEFAULT '',
  job_id TEXT,
  published_at BIGINT,
  created_by TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
INSERT INTO console_titles_455 (meta_id, meta_type, vod_type, release_year, asset_id, duration, qualities, job_id,
    published_at, created_by, created_at, updated_at)
  SELECT meta_id, meta_type, vod_type, release_year, asset_id, duration, qualities, job_id, published_at,
    created_by, created_at, updated_at FROM console_titles;
CREATE TABLE console_title_texts_455 (
  meta_id TEXT NOT NULL REFERENCES console_titles_455(meta_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  plot TEXT NOT NULL,
  PRIMARY KEY (meta_id, lang)
);
INSERT INTO console_title_texts_455 (meta_id, lang, title, plot)
  SELECT meta_id, lang, title, plot FROM console_title_texts;
CREATE TABLE title_uploads_455 (
  upload_id TEXT PRIMARY KEY,
  meta_id TEXT NOT NULL REFERENCES console_titles_455(meta_id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  size BIGINT NOT NULL,
  fingerprint TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
INSERT INTO title_uploads_455 (upload_id, meta_id, file_name, size, fingerprint, created_by, created_at)
  SELECT upload_id, meta_id, file_name, size, fingerprint, created_by, created_at FROM title_uploads;
CREATE TABLE console_title_credits_455 (
  meta_id TEXT NOT NULL REFERENCES console_titles_455(meta_id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('cast', 'director', 'genre')),
  name TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (meta_id, kind, seq)
);
INSERT INTO console_title_credits_455 (meta_id, kind, name, seq)
  SELECT meta_id, kind, name, seq FROM console_title_credits;
DROP TABLE console_title_credits;
DROP TABLE title_uploads;
DROP TABLE console_title_texts;
DROP TABLE console_titles;
ALTER TABLE console_titles_455 RENAME TO console_titles;
ALTER TABLE console_title_texts_455 RENAME TO console_title_texts;
ALTER TABLE title_uploads_455 RENAME TO title_uploads;
ALTER TABLE console_title_credits_455 RENAME TO console_title_credits;
CREATE INDEX title_uploads_meta ON title_uploads(meta_id, created_at);
CREATE INDEX console_titles_series ON console_titles(series_id, season_no, episode_no);
`,
  },
];
