import { describe, expect, it } from 'vitest';
import { tinyDb } from './testDb.ts';
import {
  recordSearch,
  topSearchKeyword,
  topSearches,
  VOTE_WINDOW_MS,
  VOTES_PER_HOUR,
} from './topSearches.ts';

function db(...accounts: string[]) {
  const d = tinyDb([]);
  for (const id of accounts) {
    d.run(
      `INSERT INTO accounts (account_id, kind, virtual_code, account_name, login_method, country, free_trial_status, created_at)
       VALUES (?, 'user', ?, ?, 1, 'US', 'NOT_START', 0)`,
      id,
      `v-${id}`,
      id,
    );
  }
  return d;
}

describe('topSearchKeyword', () => {
  it('keeps words of letters and digits, lower case, one space apart', () => {
    expect(topSearchKeyword('  Harbor!!  NIGHTS ')).toBe('harbor nights');
    expect(topSearchKeyword('Ａｃｃｉóｎ 2')).toBe('acción 2');
    expect(topSearchKeyword('<script>')).toBe('script');
    expect(topSearchKeyword('!!! ...')).toBe('');
    expect(topSearchKeyword('a b c d e f g h i j')).toBe('a b c d e f g h');
  });
});

describe('top searches', () => {
  it('counts each account once per keyword and ranks by accounts', async () => {
    const d = db('u1', 'u2');
    await recordSearch(d, 'Harbor', 'u1', 1);
    await recordSearch(d, 'harbor ', 'u1', 2);
    await recordSearch(d, 'HARBOR!', 'u2', 3);
    await recordSearch(d, 'days', 'u1', 4);
    expect((await topSearches(d, 1, 10, 5)).list).toEqual([
      { rank: 1, keyword: 'harbor', searchCount: 2 },
      { rank: 2, keyword: 'days', searchCount: 1 },
    ]);
    expect((await topSearches(d, 2, 1, 5)).list).toEqual([{ rank: 2, keyword: 'days', searchCount: 1 }]);
  });

  it('adds votes to the seeded starting count and forgets votes after the window', async () => {
    const d = db('u1');
    d.run("INSERT INTO vod_search_counts (keyword, search_count, last_searched_at) VALUES ('days', 5, 0)");
    await recordSearch(d, 'Days', 'u1', 10);
    expect((await topSearches(d, 1, 10, 11)).list).toEqual([{ rank: 1, keyword: 'days', searchCount: 6 }]);
    expect((await topSearches(d, 1, 10, 10 + VOTE_WINDOW_MS)).list).toEqual([
      { rank: 1, keyword: 'days', searchCount: 5 },
    ]);
  });

  it('refuses new keywords beyond the hourly budget of an account, not repeats', async () => {
    const d = db('u1');
    for (let i = 0; i < VOTES_PER_HOUR; i++)
      expect(await recordSearch(d, `word${i}`, 'u1', 1000 + i)).toBe(true);
    expect(await recordSearch(d, 'one more', 'u1', 2000)).toBe(false);
    expect(await recordSearch(d, 'word0', 'u1', 2001)).toBe(true);
    expect(await recordSearch(d, 'one more', 'u1', 2000 + 60 * 60_000)).toBe(true);
    expect(await recordSearch(d, '   ', 'u1', 3000)).toBe(false);
  });
});
