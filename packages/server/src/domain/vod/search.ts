import type { Db, SqlValue } from '../../store/db.ts';

/**
 * Full-text search over the browsable titles with SQLite FTS5 (docs/decisions/0061). One row per title:
 * its titles in every language, the names of its people, its genres in every language. Ranking puts title
 * matches above people matches above genre matches; inside a tier, bm25 then popularity decide.
 */
export function rebuildSearchIndex(db: Db): void {
  db.transaction(() => {
    db.run('DELETE FROM vod_search');
    db.run(
      `INSERT INTO vod_search (meta_id, titles, people, genres)
       SELECT m.meta_id,
         (SELECT GROUP_CONCAT(t.title, ' | ') FROM vod_meta_texts t WHERE t.meta_id = m.meta_id),
         COALESCE((SELECT GROUP_CONCAT(p.name, ' | ') FROM vod_credits c JOIN vod_people p ON p.person_id = c.person_id
                   WHERE c.meta_id = m.meta_id), ''),
         COALESCE((SELECT GROUP_CONCAT(n.name, ' | ') FROM vod_meta_genres g JOIN vod_genre_names n ON n.genre_id = g.genre_id
                   WHERE g.meta_id = m.meta_id), '')
       FROM vod_metas m WHERE m.meta_type IN ('MOVIE', 'SERIES')`,
    );
  });
}

export type MatchedOn = 'title' | 'person' | 'genre';
const TIERS: { column: string; matchedOn: MatchedOn }[] = [
  { column: 'titles', matchedOn: 'title' },
  { column: 'people', matchedOn: 'person' },
  { column: 'genres', matchedOn: 'genre' },
];

/**
 * The keyword as an FTS5 query: every word must appear, the last one as a prefix (search as you type).
 * Words are quoted, so nothing the user types is FTS syntax. Null when no word is left.
 */
export function ftsQuery(keyword: string): string | null {
  const words = ftsWords(keyword);
  if (words.length === 0) return null;
  return words.map((w, i, all) => `"${w}"${i === all.length - 1 ? '*' : ''}`).join(' ');
}

/** The words of a keyword, lower case, at most 8. */
const ftsWords = (keyword: string) => (keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

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
const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The same match on PostgreSQL (decision 0275), which has no FTS5: the column's `simple` text-search vector,
 * every word required, the last one as a prefix, ranked by ts_rank; diacritics folded on both sides. Words are
 * letters and digits only, so nothing the user types is tsquery syntax.
 */
function postgresMatch(column: string, keyword: string) {
  const words = ftsWords(keyword).map(plain);
  const doc = `to_tsvector('simple', translate(lower(s.${column}), '${FOLD_FROM}', '${FOLD_TO}'))`;
  return {
    where: `${doc} @@ to_tsquery('simple', ?)`,
    order: `ts_rank(${doc}, to_tsquery('simple', ?)) DESC`,
    query: words.map((w, i, all) => `${w}${i === all.length - 1 ? ':*' : ''}`).join(' & '),
  };
}

export interface SearchFilter {
  vodType?: string;
  includeSensitive: boolean;
}

/** Every matching title id with what it matched on, best first. */
export function rankedSearch(
  db: Db,
  keyword: string,
  filter: SearchFilter,
): { metaId: string; matchedOn: MatchedOn }[] {
  const q = ftsQuery(keyword);
  if (!q) return [];
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (!filter.includeSensitive) where.push('m.sensitive = 0');
  if (filter.vodType) {
    where.push('m.vod_type = ?');
    params.push(filter.vodType);
  }
  const seen = new Set<string>();
  const out: { metaId: string; matchedOn: MatchedOn }[] = [];
  for (const tier of TIERS) {
    const pg = db.engine === 'postgres' ? postgresMatch(tier.column, keyword) : undefined;
    const rows = pg
      ? db.all<{ meta_id: string }>(
          `SELECT s.meta_id FROM vod_search s JOIN vod_metas m ON m.meta_id = s.meta_id
           WHERE ${pg.where} ${where.map((w) => `AND ${w}`).join(' ')}
           ORDER BY ${pg.order}, m.popularity DESC, m.meta_id`,
          pg.query,
          ...params,
          pg.query,
        )
      : db.all<{ meta_id: string }>(
          `SELECT s.meta_id FROM vod_search s JOIN vod_metas m ON m.meta_id = s.meta_id
           WHERE vod_search MATCH ? ${where.map((w) => `AND ${w}`).join(' ')}
           ORDER BY bm25(vod_search), m.popularity DESC, m.meta_id`,
          `{${tier.column}} : (${q})`,
          ...params,
        );
    for (const r of rows) {
      if (seen.has(r.meta_id)) continue;
      seen.add(r.meta_id);
      out.push({ metaId: r.meta_id, matchedOn: tier.matchedOn });
    }
  }
  return out;
}
