import type { Migration } from '../migrations.ts';

// Film library folders (issue 42, decision 0422): which file of which folder became which console title, with
// the size and time it had, so a later import knows what is new, what changed and what disappeared; and which
// series a folder's episodes went into, by the series' name.
export const libraryMigrations: Migration[] = [
  {
    version: 535,
    name: 'library-files',
    sql: `
CREATE TABLE library_files (
  folder TEXT NOT NULL,
  path TEXT NOT NULL,
  size BIGINT NOT NULL,
  modified_at BIGINT NOT NULL,
  meta_id TEXT NOT NULL,
  imported_at BIGINT NOT NULL,
  PRIMARY KEY (folder, path)
);
CREATE TABLE library_series (
  folder TEXT NOT NULL,
  name TEXT NOT NULL,
  meta_id TEXT NOT NULL,
  PRIMARY KEY (folder, name)
);
`,
  },
  {
    // Named libraries for the console (decision 0423): a folder, the language of its texts, whether its titles
    // go into the catalogue once ready, how many transcodes an import runs at once, and its last import in words.
    version: 536,
    name: 'libraries',
    sql: `
CREATE TABLE libraries (
  name TEXT PRIMARY KEY,
  folder TEXT NOT NULL,
  lang TEXT NOT NULL,
  publish INTEGER NOT NULL DEFAULT 0,
  parallel INTEGER NOT NULL DEFAULT 1,
  created_at BIGINT NOT NULL,
  last_import TEXT NOT NULL DEFAULT '',
  last_import_at BIGINT
);
`,
  },
  {
    // A library's watch (decision 0423): read again every `watch_minutes` (0: only when imported by hand); the
    // files it last saw (`files_seen`, their paths, sizes and times hashed) say whether anything changed since;
    // `watched_at` is claimed by one process of a cluster for each look.
    version: 537,
    name: 'library-watch',
    sql: `
ALTER TABLE libraries ADD COLUMN watch_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE libraries ADD COLUMN files_seen TEXT NOT NULL DEFAULT '';
ALTER TABLE libraries ADD COLUMN watched_at BIGINT;
`,
  },
  {
    // One transcode queue for every upload and library import (decision 0425): a queued transcode starts when
    // fewer than the operator's `transcode.parallel` run, the one of highest `priority` (an editor's upload
    // before an import's files) and then the oldest first.
    version: 538,
    name: 'transcode-queue',
    sql: `
ALTER TABLE operator_jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
`,
  },
  {
    // Feed libraries (decision 0435): an MRSS or CSV feed's URL (`feed`), or the line-up source of an Xtream
    // account whose films and series it reads (`xtream_source`), instead of a folder ('' when not); an entry's
    // `digest` (its media URL and texts, hashed) says whether it changed, as a file's size and time do; and the
    // titles whose media is HLS already, played from its URL through the origin (`remote_videos`).
    version: 541,
    name: 'library-feeds',
    sql: `
ALTER TABLE libraries ADD COLUMN feed TEXT NOT NULL DEFAULT '';
ALTER TABLE libraries ADD COLUMN xtream_source TEXT NOT NULL DEFAULT '';
ALTER TABLE library_files ADD COLUMN digest TEXT NOT NULL DEFAULT '';
CREATE TABLE remote_videos (
  asset_id TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
`,
  },
  {
    // A changed library entry (decision 0436): its video is done again only when its media moved (`media`, the
    // address a feed entry last named; a folder's file is always done again), and a picture the library brought
    // in (`library_pictures`: the address it came from and the stored file's hash) is replaced when the entry
    // names another, unless an editor has uploaded their own since.
    version: 544,
    name: 'library-changed-entries',
    sql: `
ALTER TABLE library_files ADD COLUMN media TEXT NOT NULL DEFAULT '';
CREATE TABLE library_pictures (
  meta_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  source TEXT NOT NULL,
  stored TEXT NOT NULL,
  PRIMARY KEY (meta_id, kind)
);
`,
  },
];
