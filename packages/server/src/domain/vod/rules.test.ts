import { describe, expect, it } from 'vitest';
import { batchPlaylist, playlistMetaIds } from './playlists.ts';
import { countRule, evaluateRule, parseRule, ruleIdsQuery } from './rules.ts';
import { tinyDb } from './testDb.ts';

const db = tinyDb(
  [
    { id: 'old', title: 'Old', genres: ['action'], releasedAt: 100, rating: 9 },
    { id: 'mid', title: 'Mid', genres: ['comedy'], releasedAt: 200, rating: 6 },
    { id: 'new', title: 'New', genres: ['action'], releasedAt: 300, rating: 7 },
    { id: 'kid', title: 'Kid', vodType: 'kids', releasedAt: 250, rating: null },
    { id: 'adult', title: 'Adult', genres: ['action'], releasedAt: 400, rating: 8, sensitive: true },
  ],
  { action: 'Action', comedy: 'Comedy' },
);

describe('parseRule', () => {
  it('knows newest, top-rated, genre:<id> and type:<vodType>', () => {
    expect(parseRule('newest')).toEqual({ kind: 'newest' });
    expect(parseRule('top-rated')).toEqual({ kind: 'top-rated' });
    expect(parseRule('genre:action')).toEqual({ kind: 'genre', genreId: 'action' });
    expect(parseRule('type:kids')).toEqual({ kind: 'type', vodType: 'kids' });
  });
  it('rejects anything else', () => {
    for (const r of ['', 'oldest', 'genre:', "genre:x' OR 1=1", 'type:Movie'])
      expect(parseRule(r)).toBeNull();
  });
});

describe('evaluateRule', () => {
  it('orders newest first and leaves sensitive titles out unless asked', async () => {
    expect(await evaluateRule(db, 'newest', false)).toEqual(['new', 'kid', 'mid', 'old']);
    expect((await evaluateRule(db, 'newest', true))[0]).toBe('adult');
  });
  it('orders top-rated by rating and skips unrated titles', async () => {
    expect(await evaluateRule(db, 'top-rated', false)).toEqual(['old', 'new', 'mid']);
  });
  it('selects a genre or a VOD type', async () => {
    expect(await evaluateRule(db, 'genre:action', false)).toEqual(['new', 'old']);
    expect(await evaluateRule(db, 'type:kids', false)).toEqual(['kid']);
    expect(await evaluateRule(db, 'nonsense', false)).toEqual([]);
  });
  it('is evaluated at query time: a title added later shows up at once', async () => {
    const d = tinyDb([{ id: 'a', title: 'A', genres: ['action'], releasedAt: 1 }], { action: 'Action' });
    d.run(
      "INSERT INTO vod_playlists (playlist_id, level_type, playlist_type, rule, seq) VALUES ('p', 99, 2, 'genre:action', 1)",
    );
    d.run("INSERT INTO vod_playlist_names (playlist_id, lang, name) VALUES ('p', 'en', 'Action')");
    const viewer = { accountId: null, vod: false, lang: 'en' as const, now: 0 };
    const req = { playlistIds: ['p'], showListType: 2 as const, sensitive: false, pageId: 1, pageSize: 16 };
    expect((await batchPlaylist(d, viewer, req))[0]?.list.map((c) => c.metaId)).toEqual(['a']);
    d.run(
      "INSERT INTO vod_metas (meta_id, meta_type, vod_type, release_year, released_at) VALUES ('b', 'MOVIE', 'movie', 2026, 9)",
    );
    d.run("INSERT INTO vod_meta_texts (meta_id, lang, title, plot) VALUES ('b', 'en', 'B', '')");
    d.run("INSERT INTO vod_meta_genres (meta_id, genre_id, seq) VALUES ('b', 'action', 0)");
    expect((await batchPlaylist(d, viewer, req))[0]?.list.map((c) => c.metaId)).toEqual(['b', 'a']);
  });
  it('a static list keeps its own order', async () => {
    const d = tinyDb([
      { id: 'x', title: 'X' },
      { id: 'y', title: 'Y' },
    ]);
    d.run("INSERT INTO vod_playlists (playlist_id, level_type, playlist_type, seq) VALUES ('s', 99, 1, 1)");
    d.run("INSERT INTO vod_playlist_items (playlist_id, meta_id, seq) VALUES ('s', 'y', 0), ('s', 'x', 1)");
    const p = {
      playlistId: 's',
      name: 's',
      levelType: 99 as const,
      playlistType: 1 as const,
      vodType: null,
      rule: null,
      seq: 1,
    };
    expect(await playlistMetaIds(d, p, false)).toEqual(['y', 'x']);
    d.run("INSERT INTO vod_playlist_names (playlist_id, lang, name) VALUES ('s', 'en', 'S')");
    const viewer = { accountId: null, vod: false, lang: 'en' as const, now: 0 };
    const [second] = await batchPlaylist(d, viewer, {
      playlistIds: ['s'],
      showListType: 1,
      sensitive: false,
      pageId: 2,
      pageSize: 1,
    });
    expect(second?.total).toBe(2);
    expect(second?.list.map((c) => c.metaId)).toEqual(['x']);
  });
  it('reads one page and the count in SQL, the same page as the whole list would give', async () => {
    const viewer = { accountId: null, vod: false, lang: 'en' as const, now: 0 };
    db.run(
      "INSERT INTO vod_playlists (playlist_id, level_type, playlist_type, rule, seq) VALUES ('all', 99, 2, 'newest', 9)",
    );
    db.run("INSERT INTO vod_playlist_names (playlist_id, lang, name) VALUES ('all', 'en', 'All')");
    const whole = await evaluateRule(db, 'newest', true);
    expect(await countRule(db, 'newest', true)).toBe(whole.length);
    expect(await evaluateRule(db, 'newest', true, { limit: 2, offset: 2 })).toEqual(whole.slice(2, 4));
    for (const pageId of [1, 2, 3, 9]) {
      const [page] = await batchPlaylist(db, viewer, {
        playlistIds: ['all'],
        showListType: 1,
        sensitive: true,
        pageId,
        pageSize: 2,
      });
      expect(page?.total).toBe(whole.length);
      expect(page?.list.map((c) => c.metaId)).toEqual(whole.slice((pageId - 1) * 2, pageId * 2));
    }
  });
});

describe('a category at 100,000 titles', () => {
  it('reads its page by the listing index, in the index’s order, on SQLite', () => {
    const db = tinyDb([{ id: 'a', title: 'A' }]);
    if (db.engine === 'postgres') return;
    for (const [rule, index] of [
      ['type:movie', 'vod_metas_listed_type'],
      ['newest', 'vod_metas_listed_newest'],
    ] as const) {
      const q = ruleIdsQuery(db, rule, false, { limit: 24, offset: 0 })?.compile();
      const plan = db
        .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${q?.sql}`, ...((q?.parameters ?? []) as string[]))
        .map((r) => r.detail)
        .join('\n');
      // A partial index is used only for its condition's very terms: bound values would scan and sort every title.
      expect(plan).toContain(`USING INDEX ${index}`);
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});
