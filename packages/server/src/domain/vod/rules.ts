import { HOME_ROW_RULE_PATTERN, type VodCard } from '@ottkit/api-client/contract';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../store/db.ts';

/**
 * The rules dynamic playlists (playlistType 2) follow, evaluated at query time so a new title shows up
 * without anyone editing the list: `newest`, `top-rated`, `genre:<genreId>`, `type:<vodType>`.
 */
export type PlaylistRule =
  | { kind: 'newest' }
  | { kind: 'top-rated' }
  | { kind: 'genre'; genreId: string }
  | { kind: 'type'; vodType: string };

export function parseRule(rule: string): PlaylistRule | null {
  const m = HOME_ROW_RULE_PATTERN.exec(rule);
  if (!m) return null;
  if (rule === 'newest') return { kind: 'newest' };
  if (rule === 'top-rated') return { kind: 'top-rated' };
  return m[1] === 'genre'
    ? { kind: 'genre', genreId: m[2] as string }
    : { kind: 'type', vodType: m[2] as string };
}

/**
 * The browsable titles, written as the listing indexes' own condition (migration 533): SQLite uses a partial index
 * only for a query whose WHERE holds its condition's very terms, literals and not bound values. Bound by Kysely, as
 * `IN (?, ?)`, a category's page read and sorted every title (250 ms at 100,000 titles instead of a few).
 */
export const TOP_LEVEL = sql<SqlBool>`m.meta_type IN ('MOVIE', 'SERIES')`;

/**
 * A rule as a query over the titles (`m`): which listed titles it selects, in its order. Only browsable titles are
 * listed: movies, audio items and series (not their seasons and episodes). On the asynchronous store, typed
 * against the schema (issue 39, decision 0430).
 */
function ruleQuery(db: Db, rule: string, includeSensitive: boolean) {
  const r = parseRule(rule);
  if (!r) return undefined;
  let q = db.kysely
    .selectFrom('vod_metas as m')
    .where(TOP_LEVEL)
    .$if(!includeSensitive, (x) => x.where('m.sensitive', '=', 0));
  if (r.kind === 'top-rated') q = q.where('m.rating', 'is not', null);
  else if (r.kind === 'genre')
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('vod_meta_genres as g')
          .select('g.meta_id')
          .whereRef('g.meta_id', '=', 'm.meta_id')
          .where('g.genre_id', '=', r.genreId),
      ),
    );
  else if (r.kind === 'type') q = q.where('m.vod_type', '=', r.vodType as VodCard['vodType']);
  return { q, topRated: r.kind === 'top-rated' };
}

/** The query of the ids a rule selects, best first, with a window the page of them only. */
export function ruleIdsQuery(
  db: Db,
  rule: string,
  includeSensitive: boolean,
  window?: { limit: number; offset: number },
) {
  const found = ruleQuery(db, rule, includeSensitive);
  if (!found) return undefined;
  const ordered = found.topRated
    ? found.q.orderBy('m.rating', 'desc').orderBy('m.popularity', 'desc')
    : found.q.orderBy('m.released_at', 'desc');
  return ordered
    .select('m.meta_id')
    .orderBy('m.meta_id')
    .$if(window !== undefined, (x) => x.limit(window?.limit ?? 0).offset(window?.offset ?? 0));
}

/**
 * The ids a rule selects now, best first; sensitive titles only when asked for. With a window, only that page
 * of them is read (a category of a large catalogue holds tens of thousands of titles, issue 42).
 */
export async function evaluateRule(
  db: Db,
  rule: string,
  includeSensitive: boolean,
  window?: { limit: number; offset: number },
): Promise<string[]> {
  const rows = (await ruleIdsQuery(db, rule, includeSensitive, window)?.execute()) ?? [];
  return rows.map((x) => x.meta_id);
}

/** How many titles a rule selects now. */
export async function countRule(db: Db, rule: string, includeSensitive: boolean): Promise<number> {
  const found = ruleQuery(db, rule, includeSensitive);
  if (!found) return 0;
  const row = await found.q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
