import { sql } from 'kysely';
import type { Db, SqlValue } from '../../store/db.ts';
import { query, type Statements, transactionally } from '../../store/kysely/transactionally.ts';
import { foldedVector, searchRows } from '../../store/migrations/catalogueScale.ts';
import { type Page, pageOf } from './paging.ts';
import { nearWords, sqliteDocs, type WordDocs } from './searchTypos.ts';

/**
 * Full-text search over the browsable titles with SQLite FTS5 (docs/decisions/0061). One row per title:
 * its titles in every language, the names of its people, its genres in every language. Ranking puts title
 * matches above people matches above genre matches; inside a tier, bm25 then popularity decide.
 */
export function rebuildSearchIndex(db: Db): void {
  db.transaction(() => {
    db.run('DELETE FROM vod_search');
    db.run(rowsOf(db));
  });
}

/** On SQLite a title's row has its catalogue row's rowid, the one key FTS5 finds a row by (decision 0435). */
const byRowid = (db: Db) => db.engine !== 'postgres';
const rowsOf = (db: Db) => searchRows(byRowid(db));

/**
 * Writes one film's or series' row again after an operator's change (none when it left the catalogue), as
 * statements of the change's own transaction: at 100,000 titles a whole rebuild took seconds of every edit
 * (decision 0421). Its row is found by rowid on SQLite (the meta_id column is not indexed); a title whose
 * catalogue row is gone already is looked for by meta_id.
 */
export function* refreshSearchSteps(db: Db, metaId: string): Statements<void> {
  const k = db.kysely;
  const meta = byRowid(db)
    ? (yield* query(
        k.selectFrom('vod_metas').select(sql<number>`rowid`.as('id')).where('meta_id', '=', metaId).compile(),
      )).rows[0]
    : undefined;
  // A first publish finds no row by rowid, and needs none: the title had none.
  yield* query(
    (meta
      ? sql`DELETE FROM vod_search WHERE rowid = ${meta.id}`
      : sql`DELETE FROM vod_search WHERE meta_id = ${metaId}`
    ).compile(k),
  );
  const concat = db.engine === 'postgres' ? 'string_agg' : 'GROUP_CONCAT';
  yield* query(sql`${sql.raw(searchRows(byRowid(db), concat))} AND m.meta_id = ${metaId}`.compile(k));
}

/** `refreshSearchSteps` as a transaction of its own. */
export const refreshSearchOf = (db: Db, metaId: string) =>
  transactionally(db, () => refreshSearchSteps(db, metaId));

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
  return words.length === 0 ? null : queryOf(words.map((w) => [w]));
}

/**
 * Every group must appear (one of its words), the last group's words as prefixes. FTS5 reads a bare space as
 * AND only between phrases, not beside a parenthesised group, so the AND is written.
 */
const queryOf = (groups: string[][]) =>
  groups
    .map((group, i, all) => {
      const words = group.map((w) => `"${w}"${i === all.length - 1 ? '*' : ''}`);
      return words.length === 1 ? words[0] : `(${words.join(' OR ')})`;
    })
    .join(' AND ');

/** The words of a keyword, lower case, at most 8. */
const ftsWords = (keyword: string) => (keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

/** A search-index column's words as PostgreSQL's `simple` text-search vector, diacritics folded (indexed: 545). */
const vectorOf = (column: string) => sql.raw(foldedVector(column));

/**
 * The same match on PostgreSQL (decision 0275), which has no FTS5: the column's `simple` text-search vector,
 * every group required (one of its words), the last group's words as prefixes, ranked by ts_rank; diacritics
 * folded on both sides. Words are letters and digits only, so nothing the user types is tsquery syntax; they are
 * bound by Kysely (decision 0430); `column` is one of TIERS' names, never the user's.
 */
async function postgresRows(db: Db, column: string, groups: string[][], filter: SearchFilter) {
  const query = groups
    .map((g, i, all) => `(${g.map((w) => `${w}${i === all.length - 1 ? ':*' : ''}`).join(' | ')})`)
    .join(' & ');
  const doc = vectorOf(`s.${column}`);
  const sensitive = filter.includeSensitive ? sql`` : sql`AND m.sensitive = 0`;
  const vodType = filter.vodType ? sql`AND m.vod_type = ${filter.vodType}` : sql``;
  const { rows } = await sql<{ meta_id: string }>`
    SELECT s.meta_id FROM vod_search s JOIN vod_metas m ON m.meta_id = s.meta_id
    WHERE ${doc} @@ to_tsquery('simple', ${query}) ${sensitive} ${vodType}
    ORDER BY ts_rank(${doc}, to_tsquery('simple', ${query})) DESC, m.popularity DESC, m.meta_id`.execute(
    db.kysely,
  );
  return rows;
}

/**
 * The index's words on PostgreSQL (for typos, decision 0437): how many titles hold each of `words` (as whole words,
 * or when `prefix` as beginnings of words), each counted through the GIN indexes of the three columns (migration
 * 545): a candidate no title holds, most of them, costs one look-up in each index.
 */
const postgresDocs =
  (db: Db): WordDocs =>
  async (words, prefix) => {
    const queries = words.map((w) => (prefix ? `${w}:*` : w));
    const matches = sql.join(
      TIERS.map((t) => sql`${vectorOf(`s.${t.column}`)} @@ to_tsquery('simple', c.q)`),
      sql` OR `,
    );
    const { rows } = await sql<{ word: string; docs: number }>`
      SELECT c.w AS word, (SELECT count(*) FROM vod_search s WHERE ${matches})::int AS docs
      FROM unnest(${words}::text[], ${queries}::text[]) AS c(w, q)`.execute(db.kysely);
    return new Map(rows.filter((r) => r.docs > 0).map((r) => [r.word, r.docs]));
  };

/** The words to search instead of a keyword's that found nothing (typos), on either engine. */
export const nearWordsOf = (db: Db, words: string[]) =>
  nearWords(db.engine === 'postgres' ? postgresDocs(db) : sqliteDocs(db), words);

export interface SearchFilter {
  vodType?: string;
  includeSensitive: boolean;
}

export type Hit = { metaId: string; matchedOn: MatchedOn };

/**
 * One page of the matching title ids with what each matched on, best first, and how many match in all. On SQLite
 * the tiers are disjoint queries (a person match that is also a title match is left to the title tier), so
 * each is counted and paged in SQL and only the page's ids are read (decision 0421); a keyword that finds
 * nothing is tried again with the known words nearest its own (typos: `searchTypos.ts`), on both engines.
 * PostgreSQL ranks every match and the page is cut from them.
 */
export async function rankedSearch(
  db: Db,
  keyword: string,
  filter: SearchFilter,
  pageId: number,
  pageSize: number,
): Promise<Page<Hit>> {
  const words = ftsWords(keyword);
  if (words.length === 0) return { pageId, pageSize, total: 0, list: [] };
  if (db.engine === 'postgres') {
    const page = async (groups: string[][]) =>
      pageOf(
        tiered(await Promise.all(TIERS.map((t) => postgresRows(db, t.column, groups, filter)))),
        pageId,
        pageSize,
      );
    const exact = await page(words.map((w) => [plain(w)]));
    if (exact.total > 0) return exact;
    const near = await nearWordsOf(db, words.map(plain));
    return near ? page(near) : exact;
  }
  // SQLite's FTS5 index is read in the process itself (node:sqlite), which no other request would wait on.
  const exact = sqlitePage(
    db,
    words.map((w) => [w]),
    filter,
    pageId,
    pageSize,
  );
  if (exact.total > 0) return exact;
  const near = await nearWordsOf(db, words.map(plain));
  return near ? sqlitePage(db, near, filter, pageId, pageSize) : exact;
}

/** The tiers' rows (in TIERS' order) merged, a title once, in the first tier it matched. */
function tiered(rowsOfTiers: { meta_id: string }[][]): Hit[] {
  const seen = new Set<string>();
  const out: Hit[] = [];
  for (const [k, tier] of TIERS.entries()) {
    for (const r of rowsOfTiers[k] ?? []) {
      if (seen.has(r.meta_id)) continue;
      seen.add(r.meta_id);
      out.push({ metaId: r.meta_id, matchedOn: tier.matchedOn });
    }
  }
  return out;
}

/** The filter's conditions on the title (`t`: the catalogue row, or on SQLite the index's copy), and their values. */
function filterOf(filter: SearchFilter, t: string): { where: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (!filter.includeSensitive) where.push(`${t}.sensitive = 0`);
  if (filter.vodType) {
    where.push(`${t}.vod_type = ?`);
    params.push(filter.vodType);
  }
  return { where: where.map((w) => `AND ${w}`).join(' '), params };
}

/**
 * A page over the tiers on SQLite, ranked by the index alone: no catalogue row is read. Tier k matches in its
 * column and in none of the tiers before it.
 */
function sqlitePage(
  db: Db,
  groups: string[][],
  filter: SearchFilter,
  pageId: number,
  pageSize: number,
): Page<Hit> {
  const q = queryOf(groups);
  const f = filterOf(filter, 's');
  const list: Hit[] = [];
  let total = 0;
  let skip = (pageId - 1) * pageSize;
  for (const [k, tier] of TIERS.entries()) {
    const match = [tier, ...TIERS.slice(0, k)].map((t) => `{${t.column}} : (${q})`).join(' NOT ');
    const count =
      db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM vod_search s WHERE vod_search MATCH ? ${f.where}`,
        match,
        ...f.params,
      )?.n ?? 0;
    total += count;
    const room = pageSize - list.length;
    if (skip >= count || room === 0) {
      skip = Math.max(0, skip - count);
      continue;
    }
    const rows = db.all<{ meta_id: string }>(
      `SELECT s.meta_id FROM vod_search s WHERE vod_search MATCH ? ${f.where}
       ORDER BY bm25(vod_search), s.popularity DESC, s.meta_id LIMIT ? OFFSET ?`,
      match,
      ...f.params,
      room,
      skip,
    );
    for (const r of rows) list.push({ metaId: r.meta_id, matchedOn: tier.matchedOn });
    skip = 0;
  }
  return { pageId, pageSize, total, list };
}
