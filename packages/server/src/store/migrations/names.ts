import type { Migration } from '../migrations.ts';

/**
 * Operator names shown to viewers, per language (versions 130-139, decision 0140): category (channel column)
 * names and subscription product names. Like programme titles and VOD texts, each language is a row; the
 * base name (channel_columns.column_name) stays the fallback, so a column without translations reads as before.
 */
export const nameMigrations: Migration[] = [
  {
    version: 130,
    name: 'operator-names-per-language',
    sql: `
CREATE TABLE channel_column_names (
  column_id TEXT NOT NULL REFERENCES channel_columns(column_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (column_id, lang)
);
CREATE TABLE product_names (
  product_id TEXT NOT NULL,
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (product_id, lang)
);
`,
  },
];
