import { sql } from 'kysely';
import type { Db } from '../../store/db.ts';
import { lockRows, query, transactionally } from '../../store/kysely/transactionally.ts';
import { type Page, pageOf } from './paging.ts';

const HOUR = 60 * 60_000;
/** A vote counts this long; older ones drop out of the ranking (and are deleted when their voter votes again). */
export const VOTE_WINDOW_MS = 30 * 24 * HOUR;
/** New keywords one account may vote for per hour; further searches still answer, they just do not count. */
export const VOTES_PER_HOUR = 10;
/** Words of a keyword kept for the ranking (the search itself uses as many: domain/vod/search.ts). */
const MAX_WORDS = 8;

/**
 * The form a keyword is counted and shown in: Unicode-normalised (NFKC), lower case, words of letters and
 * digits joined by one space, at most 8 words and 100 characters. '' when nothing is left. "  Harbor!! " and
 * "harbor" are one keyword.
 */
export function topSearchKeyword(raw: string): string {
  const words =
    raw
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).join(' ').slice(0, 100).trim();
}

/**
 * Counts a search for the top searches (issue 21.10, decision 0130). Only a logged-in user's search that
 * found something votes, once per keyword (a repeat only refreshes the vote's time), and at most
 * VOTES_PER_HOUR new keywords an hour: requests, guests and bots do not move the ranking.
 *
 * On the asynchronous store, with no lock beyond the account's (issue 39, decision 0428): on PostgreSQL the
 * account's row is locked first, so two searches of one account at once count one after the other and cannot
 * both take its last vote of the hour, while every other account's searches go on; SQLite's transaction holds its
 * one write lock.
 */
export function recordSearch(db: Db, keyword: string, accountId: string, now: number): Promise<boolean> {
  const k = topSearchKeyword(keyword);
  if (!k) return Promise.resolve(false);
  const q = db.kysely;
  const votes = q.selectFrom('vod_search_votes').where('account_id', '=', accountId);
  return transactionally(db, function* () {
    yield* query(
      lockRows(
        db,
        q.selectFrom('accounts').select('account_id').where('account_id', '=', accountId),
      ).compile(),
    );
    yield* query(
      q
        .deleteFrom('vod_search_votes')
        .where('account_id', '=', accountId)
        .where('voted_at', '<=', now - VOTE_WINDOW_MS)
        .compile(),
    );
    const already = yield* query(votes.select('keyword').where('keyword', '=', k).compile());
    if (already.rows.length === 0) {
      const recent = yield* query(
        votes
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('voted_at', '>', now - HOUR)
          .compile(),
      );
      if (Number(recent.rows[0]?.n ?? 0) >= VOTES_PER_HOUR) return false;
    }
    yield* query(
      q
        .insertInto('vod_search_votes')
        .values({ keyword: k, account_id: accountId, voted_at: now })
        .onConflict((c) =>
          c
            .columns(['keyword', 'account_id'])
            .doUpdateSet((eb) => ({ voted_at: eb.ref('excluded.voted_at') })),
        )
        .compile(),
    );
    return true;
  });
}

/**
 * Top searches (searchTopx): the seeded starting count plus the users who searched the keyword in the last
 * 30 days, highest first, the most recent breaking ties. searchCount is that score. One statement both engines
 * read alike, on the asynchronous store (decision 0430).
 */
export async function topSearches(
  db: Db,
  pageId: number,
  pageSize: number,
  now: number,
): Promise<Page<{ rank: number; keyword: string; searchCount: number }>> {
  const { rows } = await sql<{ keyword: string; score: number }>`
    SELECT keyword, SUM(n) AS score, MAX(at) AS at FROM (
      SELECT keyword, search_count AS n, last_searched_at AS at FROM vod_search_counts
      UNION ALL
      SELECT keyword, COUNT(*) AS n, MAX(voted_at) AS at FROM vod_search_votes WHERE voted_at > ${now - VOTE_WINDOW_MS}
      GROUP BY keyword
    ) AS scores GROUP BY keyword ORDER BY score DESC, at DESC, keyword LIMIT 500`.execute(db.kysely);
  const all = rows.map((r, i) => ({ rank: i + 1, keyword: r.keyword, searchCount: Number(r.score) }));
  return pageOf(all, pageId, pageSize);
}
