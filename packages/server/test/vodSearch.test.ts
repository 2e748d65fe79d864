import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { loginToken, vodCall, vodData } from './vodHelpers.ts';

const v = contract.vod;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('search v1', () => {
  it('finds titles in any language, title matches first', async () => {
    const en = await vodData(t, v.search, { keyword: 'harbor' });
    expect(en.total).toBeGreaterThan(0);
    expect(en.list[0]!.matchedOn).toBe('title');
    expect(en.pageSize).toBe(10);
    // The same titles in Spanish ("El Puerto") and without accents.
    const es = await vodData(t, v.search, { keyword: 'puerto' });
    expect(es.list.map((c) => c.metaId)).toEqual(
      expect.arrayContaining(
        en.list
          .filter((c) => c.matchedOn === 'title')
          .map((c) => c.metaId)
          .slice(0, 3),
      ),
    );
    const noAccent = await vodData(t, v.search, { keyword: 'accion' });
    expect(noAccent.total).toBeGreaterThan(0);
  });

  it('tolerates a letter typed wrong, on either engine', async () => {
    const exact = await vodData(t, v.search, { keyword: 'harbor puerto', pageSize: 50 });
    expect(exact.total).toBeGreaterThan(0);
    // A letter swapped in one word, a letter missing in the last: the same titles.
    const typed = await vodData(t, v.search, { keyword: 'hrabor puert', pageSize: 50 });
    expect(typed.list.map((c) => c.metaId)).toEqual(exact.list.map((c) => c.metaId));
    expect((await vodData(t, v.search, { keyword: 'qqqqqq' })).total).toBe(0);
  });

  it('ranks title matches above people matches above genre matches', async () => {
    // "star" is a word of titles ("… of Stars"), a cast surname (Starling) and nothing else.
    const r = await vodData(t, v.search, { keyword: 'star', pageSize: 50 });
    const kinds = r.list.map((c) => c.matchedOn);
    expect(kinds).toContain('title');
    expect(kinds).toContain('person');
    const order = { title: 0, person: 1, genre: 2 };
    const ranks = kinds.map((k) => order[k]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const drama = await vodData(t, v.search, { keyword: 'drama', pageSize: 50 });
    expect(drama.list.every((c) => c.matchedOn === 'genre')).toBe(true);
    expect(drama.list.every((c) => c.genres.some((g) => g.genreId === 'drama'))).toBe(true);
  });

  it('finds a title by a cast member name', async () => {
    const cast = t.server.db.get<{ name: string; meta_id: string }>(
      `SELECT p.name, c.meta_id FROM vod_credits c JOIN vod_people p ON p.person_id = c.person_id
       JOIN vod_metas m ON m.meta_id = c.meta_id WHERE c.role = 'cast' AND m.sensitive = 0 ORDER BY c.meta_id LIMIT 1`,
    )!;
    const r = await vodData(t, v.search, { keyword: cast.name, pageSize: 50 });
    expect(r.list.find((c) => c.metaId === cast.meta_id)?.matchedOn).toBe('person');
  });

  it('filters by VOD type, pages, and rejects an empty keyword', async () => {
    const kids = await vodData(t, v.search, { keyword: 'the', vodType: 'kids', pageSize: 50 });
    expect(kids.list.every((c) => c.vodType === 'kids')).toBe(true);
    const p1 = await vodData(t, v.search, { keyword: 'the', pageSize: 5 });
    const p2 = await vodData(t, v.search, { keyword: 'the', pageSize: 5, pageId: 2 });
    expect(p1.total).toBe(p2.total);
    expect(p2.list[0]!.metaId).not.toBe(p1.list[0]!.metaId);
    expect((await vodCall(t, v.search, { keyword: '   ' })).body.errCode).toBe(ErrCode.INVALID_REQUEST);
  });
});

describe('searchTopx v1 (GET)', () => {
  it('offers seeded top searches, 10 a page, and counts keywords that found something', async () => {
    const top = await vodData(t, v.searchTopx);
    expect(top.pageSize).toBe(10);
    expect(top.list).toHaveLength(10);
    expect(top.list.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // A logged-in user's search that found something is one vote (test/topSearchAbuse.test.ts: no more).
    const token = await loginToken(t);
    await vodData(t, v.search, { keyword: 'Lighthouse' }, token);
    await vodData(t, v.search, { keyword: 'qqqqzzzz' }, token);
    const all = await vodData(t, v.searchTopx, { pageSize: 50 });
    expect(all.list.find((x) => x.keyword === 'lighthouse')?.searchCount).toBe(1);
    expect(all.list.map((x) => x.keyword)).not.toContain('qqqqzzzz');
  });

  it('is a GET: POST is refused with METHOD_NOT_ALLOWED', async () => {
    expect((await t.post(v.searchTopx.path, {})).body.errCode).toBe(ErrCode.METHOD_NOT_ALLOWED);
  });
});

describe('recommend list v1 (GET): more like this', () => {
  it('answers titles sharing genres or people, best match first, never the title itself', async () => {
    const r = await vodData(t, v.recommendList, { metaId: 'm-001' });
    expect(r.list.length).toBe(16);
    expect(r.list.map((c) => c.metaId)).not.toContain('m-001');
    const mine = await vodData(t, v.detail, { metaId: 'm-001' });
    const genreIds = new Set(mine.genres.map((g) => g.genreId));
    const first = await vodData(t, v.detail, { metaId: r.list[0]!.metaId });
    const shared =
      first.genres.filter((g) => genreIds.has(g.genreId)).length +
      first.credits.filter((c) => mine.credits.some((m) => m.personId === c.personId)).length;
    expect(shared).toBeGreaterThan(0);
    const small = await vodData(t, v.recommendList, { metaId: 'm-001', pageSize: 3 });
    expect(small.list.map((c) => c.metaId)).toEqual(r.list.slice(0, 3).map((c) => c.metaId));
    expect((await vodCall(t, v.recommendList, { metaId: 'nope' })).body.errCode).not.toBe(0);
    const withSensitive = await vodData(t, v.recommendList, {
      metaId: 'm-001',
      pageSize: 50,
      sensitive: true,
    });
    const sensitive = new Set(
      t.server.db
        .all<{ meta_id: string }>('SELECT meta_id FROM vod_metas WHERE sensitive = 1')
        .map((r) => r.meta_id),
    );
    expect(r.list.some((c) => sensitive.has(c.metaId))).toBe(false);
    expect(withSensitive.list.length).toBe(50);
    expect((await vodCall(t, v.recommendList, { metaId: 'm-001', sensitive: 'maybe' })).body.errCode).toBe(
      ErrCode.INVALID_REQUEST,
    );
  });
});
