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
];
