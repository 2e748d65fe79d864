import type { Migration } from '../migrations.ts';

/**
 * The VOD catalogue and the viewers' VOD profile (versions 200-299). Texts in several languages get their
 * own rows (lang, …); lists are tables. Search uses an SQLite FTS5 table (on PostgreSQL: a tsvector column,
 * docs/decisions/0061). Times are epoch ms, durations seconds.
 */
export const vodMigrations: Migration[] = [
  {
    version: 200,
    name: 'vod catalogue',
    sql: `
CREATE TABLE vod_genres (
  genre_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
);
CREATE TABLE vod_genre_names (
  genre_id TEXT NOT NULL REFERENCES vod_genres(genre_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (genre_id, lang)
);
CREATE TABLE vod_metas (
  meta_id TEXT PRIMARY KEY,
  meta_type TEXT NOT NULL CHECK (meta_type IN ('MOVIE', 'SERIES', 'SEASON', 'EPISODE')),
  vod_type TEXT NOT NULL CHECK (vod_type IN ('movie', 'series', 'kids', 'audio')),
  series_id TEXT REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  season_id TEXT REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  season_no INTEGER,
  episode_no INTEGER,
  no_season INTEGER NOT NULL DEFAULT 0,
  release_year INTEGER NOT NULL,
  released_at BIGINT NOT NULL,
  rating REAL,
  duration INTEGER NOT NULL DEFAULT 0,
  imdb_id TEXT NOT NULL DEFAULT '',
  tmdb_id TEXT NOT NULL DEFAULT '',
  media_quality_list TEXT NOT NULL DEFAULT '',
  drm_type TEXT NOT NULL DEFAULT 'none',
  asset_id TEXT,
  product_id TEXT,
  sensitive INTEGER NOT NULL DEFAULT 0,
  playback_valid_time BIGINT,
  popularity INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX vod_metas_series ON vod_metas(series_id, season_no, episode_no);
CREATE INDEX vod_metas_type ON vod_metas(vod_type, meta_type, released_at);
CREATE TABLE vod_meta_texts (
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  plot TEXT NOT NULL,
  PRIMARY KEY (meta_id, lang)
);
CREATE TABLE vod_meta_genres (
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  genre_id TEXT NOT NULL REFERENCES vod_genres(genre_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  PRIMARY KEY (meta_id, genre_id)
);
CREATE INDEX vod_meta_genres_genre ON vod_meta_genres(genre_id);
CREATE TABLE vod_trailers (
  trailer_id TEXT PRIMARY KEY,
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  asset_id TEXT NOT NULL,
  duration INTEGER NOT NULL
);
CREATE INDEX vod_trailers_meta ON vod_trailers(meta_id);
CREATE TABLE vod_people (
  person_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  birth_year INTEGER NOT NULL,
  country TEXT NOT NULL,
  known_for TEXT NOT NULL
);
CREATE TABLE vod_person_texts (
  person_id TEXT NOT NULL REFERENCES vod_people(person_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  biography TEXT NOT NULL,
  PRIMARY KEY (person_id, lang)
);
CREATE TABLE vod_credits (
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  person_id TEXT NOT NULL REFERENCES vod_people(person_id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('cast', 'director', 'writer', 'producer')),
  character_name TEXT NOT NULL DEFAULT '',
  seq INTEGER NOT NULL,
  PRIMARY KEY (meta_id, person_id, role)
);
CREATE INDEX vod_credits_person ON vod_credits(person_id);
CREATE TABLE vod_playlists (
  playlist_id TEXT PRIMARY KEY,
  level_type INTEGER NOT NULL CHECK (level_type IN (1, 99)),
  playlist_type INTEGER NOT NULL CHECK (playlist_type IN (1, 2)),
  vod_type TEXT,
  rule TEXT,
  seq INTEGER NOT NULL
);
CREATE TABLE vod_playlist_names (
  playlist_id TEXT NOT NULL REFERENCES vod_playlists(playlist_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (playlist_id, lang)
);
CREATE TABLE vod_playlist_items (
  playlist_id TEXT NOT NULL REFERENCES vod_playlists(playlist_id) ON DELETE CASCADE,
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  PRIMARY KEY (playlist_id, meta_id)
);
CREATE TABLE vod_banners (
  banner_item_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  vod_type TEXT,
  link_type TEXT NOT NULL CHECK (link_type IN ('VOD_CONTENT', 'VOD_LIST', 'LIVE_CHANNEL')),
  link_id TEXT NOT NULL,
  meta_id TEXT REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  customized_display_info TEXT NOT NULL DEFAULT '',
  start_time BIGINT NOT NULL
);
CREATE TABLE vod_banner_texts (
  banner_item_id TEXT NOT NULL REFERENCES vod_banners(banner_item_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (banner_item_id, lang)
);
CREATE VIRTUAL TABLE vod_search USING fts5(
  meta_id UNINDEXED, titles, people, genres, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE vod_search_counts (
  keyword TEXT PRIMARY KEY,
  search_count INTEGER NOT NULL,
  last_searched_at BIGINT NOT NULL
);
`,
  },
  {
    version: 201,
    name: 'vod profile',
    sql: `
CREATE TABLE vod_favorites (
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  favored_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, meta_id)
);
CREATE INDEX vod_favorites_recent ON vod_favorites(account_id, favored_at);
CREATE TABLE vod_history (
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  video_type TEXT NOT NULL,
  season_no INTEGER,
  episode_no INTEGER,
  played INTEGER NOT NULL DEFAULT 0,
  played_time REAL NOT NULL DEFAULT 0,
  play_progress REAL NOT NULL DEFAULT 0,
  total_duration REAL NOT NULL DEFAULT 0,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, meta_id)
);
CREATE INDEX vod_history_recent ON vod_history(account_id, updated_at);
CREATE INDEX vod_history_entry ON vod_history(account_id, entry_id);
`,
  },
];
