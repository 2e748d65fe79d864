import { contract } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { loginToken, vodData } from './vodHelpers.ts';

// Issue 21.10: arbitrary text reached #1 of the public top searches with 45 requests from one client.
const v = contract.vod;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** The seeded starting count of a keyword (0 when it has none). */
const prior = (keyword: string) =>
  t.server.db.get<{ n: number }>('SELECT search_count AS n FROM vod_search_counts WHERE keyword = ?', keyword)
    ?.n ?? 0;

async function countOf(keyword: string): Promise<number> {
  const top = await vodData(t, v.searchTopx, { pageSize: 50 });
  return top.list.find((k) => k.keyword === keyword)?.searchCount ?? 0;
}

describe('top searches cannot be poisoned from one client', () => {
  it('45 searches by one user and 45 without a session do not lift a keyword to #1', async () => {
    const before = await vodData(t, v.searchTopx, { pageSize: 3 });
    const token = await loginToken(t);
    for (let i = 0; i < 45; i++) await vodData(t, v.search, { keyword: 'Harbo' }, token);
    for (let i = 0; i < 45; i++) await vodData(t, v.search, { keyword: 'Harbo' });
    const after = await vodData(t, v.searchTopx, { pageSize: 3 });
    expect(after.list[0]).toEqual(before.list[0]);
    expect(after.list.map((k) => k.keyword)).not.toContain('harbo');
    // One user is one vote, however often they ask; searches without an account do not vote.
    expect(await countOf('harbo')).toBeLessThanOrEqual(1);
  });

  it('counts distinct users once each, whatever the case, spacing and punctuation', async () => {
    const base = prior('lighthouse');
    const demo = await loginToken(t, 'demo@ottkit.test');
    const free = await loginToken(t, 'free@ottkit.test');
    await vodData(t, v.search, { keyword: 'Lighthouse' }, demo);
    await vodData(t, v.search, { keyword: '  LIGHTHOUSE!! ' }, demo);
    await vodData(t, v.search, { keyword: 'lighthouse.' }, free);
    expect(await countOf('lighthouse')).toBe(base + 2);
  });

  it('suggestions while typing are not counted', async () => {
    const demo = await loginToken(t);
    for (const typed of ['m', 'ma', 'map'])
      await vodData(t, v.search, { keyword: typed, suggest: true }, demo);
    expect(await countOf('ma')).toBe(0);
    expect(await countOf('map')).toBe(0);
  });

  it('only a keyword that found something is counted', async () => {
    const demo = await loginToken(t);
    await vodData(t, v.search, { keyword: 'qqqqzzzz' }, demo);
    expect(await countOf('qqqqzzzz')).toBe(0);
  });

  it('limits how many keywords one user can vote for in an hour', async () => {
    const demo = await loginToken(t, 'free@ottkit.test');
    const words = ['the', 'of', 'a', 'night', 'day', 'star', 'drama', 'house', 'city', 'last', 'blue', 'red'];
    for (const w of words) await vodData(t, v.search, { keyword: w }, demo);
    const counted = t.server.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM vod_search_votes v JOIN accounts a ON a.account_id = v.account_id
       WHERE a.email = 'free@ottkit.test'`,
    )?.n;
    // 'lighthouse' from the test above plus at most the hourly budget.
    expect(counted).toBeLessThanOrEqual(10);
    t.advance(61 * 60_000);
    // An hour on, the access token has run out too: log in again.
    await vodData(t, v.search, { keyword: 'harbor' }, await loginToken(t, 'free@ottkit.test'));
    expect(
      t.server.db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM vod_search_votes v JOIN accounts a ON a.account_id = v.account_id
         WHERE a.email = 'free@ottkit.test' AND v.keyword = 'harbor'`,
      )?.n,
    ).toBe(1);
  });
});
