import type { Migration } from '../migrations.ts';

/**
 * The search index's rows (one a film or series: its titles in every language, its people's names, its genres'
 * names in every language, and beside them what a search filters and ranks on), as `INSERT … SELECT`: the migration below fills the new table with it, and
 * `domain/vod/search.ts` rebuilds the whole index or refreshes one title's row with it (`AND m.meta_id = ?`), the
 * latter in a transaction of the asynchronous store, where PostgreSQL's own `string_agg` is written (no rewrite).
 */
export const searchRows = (byRowid: boolean, concat: 'GROUP_CONCAT' | 'string_agg' = 'GROUP_CONCAT') =>
  `INSERT INTO vod_search (${byRowid ? 'rowid, ' : ''}meta_id, popularity, sensitive, vod_type, titles, people, genres)
SELECT ${byRowid ? 'm.rowid, ' : ''}m.meta_id, m.popularity, m.sensitive, m.vod_type,
  (SELECT ${concat}(t.title, ' | ') FROM vod_meta_texts t WHERE t.meta_id = m.meta_id),
  COALESCE((SELECT ${concat}(p.name, ' | ') FROM vod_credits c JOIN vod_people p ON p.person_id = c.person_id
            WHERE c.meta_id = m.meta_id), ''),
  COALESCE((SELECT ${concat}(n.name, ' | ') FROM vod_meta_genres g JOIN vod_genre_names n ON n.genre_id = g.genre_id
            WHERE g.meta_id = m.meta_id), '')
FROM vod_metas m WHERE m.meta_type IN ('MOVIE', 'SERIES')`;
/** Letters with diacritics and their plain forms: FTS5's remove_diacritics, without PostgreSQL's unaccent. */
const FOLDS: [string, string][] = [
  ['áàâäãåā', 'a'],
  ['éèêëē', 'e'],
  ['íìîïī', 'i'],
  ['óòôöõøō', 'o'],
  ['úùûüū', 'u'],
  ['ñ', 'n'],
  ['ç', 'c'],
  ['ýÿ', 'y'],
];
const FOLD_FROM = FOLDS.map(([from]) => from).join('');
const FOLD_TO = FOLDS.map(([from, to]) => to.repeat([...from].length)).join('');

/**
 * A text column's words as PostgreSQL's `simple` text-search vector, lower case and diacritics folded: what its
 * search matches (`domain/vod/search.ts`) and, spelled the same, what migration 545 indexes. A change of the folds
 * needs a migration that indexes the new spelling, or PostgreSQL's search reads every row again.
 */
export const foldedVector = (column: string) =>
  `to_tsvector('simple', translate(lower(${column}), '${FOLD_FROM}', '${FOLD_TO}'))`;

/** The rows as migration 534 first wrote them (a shipped migration's text stays as it was). */
export const SEARCH_ROWS = searchRows(false);

// A catalogue of 100,000 titles (issue 42, decision 0420): a category's page walks an index in its own order and
// stops at the page, and its count reads only the index, instead of sorting every listed title each call. Only
// the titles a list can show are indexed (films, audio items and series: `domain/vod/rules.ts`' TOP_LEVEL), so
// the condition is written the same way here and there.
export const catalogueScaleMigrations: Migration[] = [
  {
    version: 533,
    name: 'listing-indexes',
    sql: `
CREATE INDEX vod_metas_listed_type ON vod_metas(vod_type, sensitive, released_at DESC, meta_id) WHERE meta_type IN ('MOVIE', 'SERIES');
CREATE INDEX vod_metas_listed_newest ON vod_metas(sensitive, released_at DESC, meta_id) WHERE meta_type IN ('MOVIE', 'SERIES');
CREATE INDEX vod_metas_listed_rated ON vod_metas(sensitive, rating DESC, popularity DESC, meta_id) WHERE meta_type IN ('MOVIE', 'SERIES');
`,
  },
  {
    // The search index keeps no copy of the texts (`content=''`), only what a search filters and ranks on beside
    // the words (`contentless_unindexed`): a search that matched thousands of titles read each one's whole row of
    // texts, and then its catalogue row, most of a genre search's time (decision 0421). The copies are written
    // with the title's catalogue row, by the same operator calls. A title's row can be deleted on its own
    // (`contentless_delete`), so an operator's edit refreshes that row instead of rebuilding the index.
    // PostgreSQL keeps a plain table (store/pg/dialect.ts) with the same columns.
    version: 534,
    name: 'search-index-contentless',
    sql: `
DROP TABLE vod_search;
CREATE VIRTUAL TABLE vod_search USING fts5(
  meta_id UNINDEXED, popularity UNINDEXED, sensitive UNINDEXED, vod_type UNINDEXED, titles, people, genres,
  content = '', contentless_delete = 1, contentless_unindexed = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
${SEARCH_ROWS};
`,
  },
  {
    // A person or a genre is found by its name whatever its case when a title's credits are published (decision
    // 0435): without an index of the lower-cased name each look-up read every person, which made a library's
    // import slower with every title it added (about 4 ms a title at 4,000 people, growing).
    version: 542,
    name: 'people-by-name',
    sql: `
CREATE INDEX vod_people_lower_name ON vod_people (lower(name));
CREATE INDEX vod_genre_names_lower_name ON vod_genre_names (lower(name));
`,
  },
  {
    // A title's search row is found by its catalogue row's rowid on SQLite (decision 0435): FTS5 deletes by rowid
    // only, and deleting by the unindexed meta_id read the whole index at each publish or edit, 1.4 ms a title at
    // 20,000 titles and growing with the catalogue. The index is written again with each row's rowid that of its
    // catalogue row. PostgreSQL's plain table gets an index of meta_id instead.
    version: 543,
    name: 'search-rows-by-rowid',
    sql: `
DELETE FROM vod_search;
${searchRows(true)};
`,
    postgres: 'CREATE INDEX vod_search_meta_id ON vod_search (meta_id);',
  },
  {
    // PostgreSQL's search matched each tier's column by computing every row's text-search vector (decision 0275):
    // 700 ms a search at 100,000 titles. A GIN index of each column's folded vector, spelled as the search spells
    // it, answers the match from the index: 35 ms (decision 0437). SQLite's FTS5 table is its own index.
    version: 545,
    name: 'search-vectors-indexed',
    sql: '',
    postgres: ['titles', 'people', 'genres']
      .map((c) => `CREATE INDEX vod_search_${c}_fts ON vod_search USING GIN (${foldedVector(c)});`)
      .join('\n'),
  },
];
