import type { Migration } from '../migrations.ts';

/**
 * People and genres of console titles (issue 18 §4, decision 0238): the draft keeps the names the editor gave;
 * publishing matches them to `vod_people` / `vod_genres` (or makes new ones) and writes the catalogue's credits.
 */
export const titleCreditMigrations: Migration[] = [
  {
    version: 416,
    name: 'console title credits',
    sql: `
CREATE TABLE console_title_credits (
  meta_id TEXT NOT NULL REFERENCES console_titles(meta_id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('cast', 'director', 'genre')),
  name TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (meta_id, kind, seq)
);
`,
  },
];
