import { contract, ErrCode } from '@ottkit/api-client';
import { VodErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { loginToken, vodCall, vodData } from './vodHelpers.ts';

const v = contract.vod;
let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startServer();
  token = await loginToken(t);
});
afterAll(() => t.close());

describe('playlist root v1', () => {
  it('lists one category per VOD type (levelType 1) and the home lists (99)', async () => {
    const { playlists } = await vodData(t, v.playlistRoot);
    const cats = playlists.filter((p) => p.levelType === 1);
    expect(cats.map((p) => p.vodType)).toEqual(['movie', 'series', 'kids', 'audio']);
    const home = playlists.filter((p) => p.levelType === 99);
    expect(home.some((p) => p.playlistType === 1)).toBe(true);
    expect(home.some((p) => p.playlistType === 2 && p.rule === 'newest')).toBe(true);
    const only = await vodData(t, v.playlistRoot, { levelType: 99 });
    expect(only.playlists.every((p) => p.levelType === 99)).toBe(true);
  });

  it('names the lists in the lang header', async () => {
    const { body } = await t.post(v.playlistRoot.path, {}, { lang: 'es' });
    const data = v.playlistRoot.response.parse(body.data);
    expect(data.playlists.find((p) => p.playlistId === 'cat-movie')?.name).toBe('Películas');
  });
});

describe('batchPlaylist v1', () => {
  it('pages each list with a default page size of 16', async () => {
    const { playlists } = await vodData(t, v.batchPlaylist, { playlistIds: ['cat-movie', 'home-featured'] });
    expect(playlists.map((p) => p.playlistId)).toEqual(['cat-movie', 'home-featured']);
    const movies = playlists[0]!;
    expect(movies.pageSize).toBe(16);
    expect(movies.list).toHaveLength(16);
    expect(movies.total).toBeGreaterThan(16);
    expect(movies.list.every((c) => c.vodType === 'movie')).toBe(true);
    const page2 = await vodData(t, v.batchPlaylist, { playlistIds: ['cat-movie'], pageId: 2 });
    const ids1 = new Set(movies.list.map((c) => c.metaId));
    expect(page2.playlists[0]!.list.some((c) => ids1.has(c.metaId))).toBe(false);
    const last = Math.ceil(movies.total / 16);
    const tail = await vodData(t, v.batchPlaylist, { playlistIds: ['cat-movie'], pageId: last + 1 });
    expect(tail.playlists[0]!.list).toEqual([]);
  });

  it('follows a dynamic rule at query time: newest first', async () => {
    const { playlists } = await vodData(t, v.batchPlaylist, { playlistIds: ['home-new'], pageSize: 50 });
    const ids = playlists[0]!.list.map((c) => c.metaId);
    const rows = t.server.db.all<{ meta_id: string; released_at: number }>(
      `SELECT meta_id, released_at FROM vod_metas WHERE meta_id IN (${ids.map(() => '?').join(',')})`,
      ...ids,
    );
    const at = new Map(rows.map((r) => [r.meta_id, r.released_at]));
    const times = ids.map((id) => at.get(id) as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A title released now tops the list at once, without editing the playlist.
    const pick = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'MOVIE' AND sensitive = 0 ORDER BY released_at LIMIT 1",
    )!.meta_id;
    expect(ids).not.toContain(pick);
    t.server.db.run('UPDATE vod_metas SET released_at = ? WHERE meta_id = ?', Date.UTC(2030, 0, 1), pick);
    const again = await vodData(t, v.batchPlaylist, { playlistIds: ['home-new'], pageSize: 1 });
    expect(again.playlists[0]!.list[0]!.metaId).toBe(pick);
  });

  it('leaves sensitive titles out unless asked, and picks the image by showListType', async () => {
    const req = { playlistIds: ['cat-movie'], pageSize: 100 };
    const safe = await vodData(t, v.batchPlaylist, req);
    const all = await vodData(t, v.batchPlaylist, { ...req, sensitive: true, showListType: 1 });
    expect(all.playlists[0]!.total).toBeGreaterThan(safe.playlists[0]!.total);
    const card = all.playlists[0]!.list[0]!;
    expect(card.image).toBe(card.poster);
    expect(safe.playlists[0]!.list[0]!.image).toBe(safe.playlists[0]!.list[0]!.landscape);
  });

  it('locks premium titles for guests and opens them for a VOD subscriber', async () => {
    const req = { playlistIds: ['cat-movie'], pageSize: 100 };
    const anon = await vodData(t, v.batchPlaylist, req);
    expect(anon.playlists[0]!.list.some((c) => c.locked)).toBe(true);
    const subscriber = await vodData(t, v.batchPlaylist, req, token);
    expect(subscriber.playlists[0]!.list.some((c) => c.locked)).toBe(false);
  });

  it('rejects bad input with INVALID_REQUEST naming the field', async () => {
    const { body } = await vodCall(t, v.batchPlaylist, { playlistIds: [], pageSize: 0 });
    expect(body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(body.errMsg).toMatch(/playlistIds/);
  });
});

describe('detail, batchDetail and episodes', () => {
  it('details a movie with credits, qualities and ids', async () => {
    const d = await vodData(t, v.detail, { metaId: 'm-001' });
    expect(d).toMatchObject({
      metaId: 'm-001',
      metaType: 'MOVIE',
      playable: true,
      hasTrailer: true,
      history: null,
    });
    expect(d.imdbId).toMatch(/^tt/);
    expect(d.mediaQualityList.length).toBeGreaterThan(0);
    expect(d.credits.some((c) => c.role === 'cast')).toBe(true);
    const pt = await t.post(v.detail.path, { metaId: 'm-001' }, { lang: 'pt' });
    expect(v.detail.response.parse(pt.body.data).title).not.toBe(d.title);
  });

  it('details a series with its seasons, and a season and an episode with their parents', async () => {
    const series = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'SERIES' AND no_season = 0 ORDER BY meta_id LIMIT 1",
    )!.meta_id;
    const d = await vodData(t, v.detail, { metaId: series });
    expect(d.playable).toBe(false);
    expect(d.seasons.length).toBeGreaterThan(0);
    const season = await vodData(t, v.detail, { metaId: d.seasons[0]!.metaId });
    expect(season).toMatchObject({ metaType: 'SEASON', seriesId: series, seriesTitle: d.title, season: 1 });
    const eps = await vodData(t, v.episodes, { metaId: series });
    expect(eps).toMatchObject({ seriesId: series, seasonId: d.seasons[0]!.metaId, season: 1 });
    expect(eps.list.map((e) => e.episode)).toEqual(eps.list.map((_, i) => i + 1));
    const ep = await vodData(t, v.detail, { metaId: eps.list[0]!.metaId });
    expect(ep).toMatchObject({
      metaType: 'EPISODE',
      episode: 1,
      season: 1,
      seriesId: series,
      playable: true,
    });
    expect(ep.nextEpisodeId).toBe(eps.list[1]?.metaId ?? ep.nextEpisodeId);
    const batch = await vodData(t, v.batchDetail, { metaIds: [ep.metaId, 'nope', series] });
    expect(batch.list.map((x) => x.metaId)).toEqual([ep.metaId, series]);
  });

  it('lists all episodes of a series without seasons, and picks a season by number', async () => {
    const flat = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'SERIES' AND no_season = 1 LIMIT 1",
    )!.meta_id;
    const eps = await vodData(t, v.episodes, { metaId: flat });
    expect(eps.seasonId).toBeNull();
    expect(eps.list.length).toBeGreaterThan(2);
    expect(eps.list.every((e) => e.season === null)).toBe(true);
    const multi = t.server.db.get<{ series_id: string }>(
      "SELECT series_id FROM vod_metas WHERE meta_type = 'SEASON' AND season_no = 2 LIMIT 1",
    )!.series_id;
    const s2 = await vodData(t, v.episodes, { metaId: multi, season: 2 });
    expect(s2.season).toBe(2);
    expect(s2.list.every((e) => e.season === 2)).toBe(true);
  });

  it('answers META_NOT_FOUND for an unknown id', async () => {
    const { body } = await vodCall(t, v.detail, { metaId: 'does-not-exist' });
    expect(body.errCode).toBe(VodErrCode.META_NOT_FOUND);
  });
});

describe('person detail and filmography', () => {
  it('shows a person and their titles with their role', async () => {
    const movie = await vodData(t, v.detail, { metaId: 'm-001' });
    const who = movie.credits[0]!;
    const p = await vodData(t, v.personDetail, { personId: who.personId });
    expect(p.name).toBe(who.name);
    expect(p.titleCount).toBeGreaterThan(0);
    const films = await vodData(t, v.filmography, { personId: who.personId, pageSize: 100 });
    expect(films.total).toBe(p.titleCount);
    expect(films.list.find((c) => c.metaId === 'm-001')?.role).toBe(who.role);
    const { body } = await vodCall(t, v.personDetail, { personId: 'p-999' });
    expect(body.errCode).toBe(VodErrCode.META_NOT_FOUND);
  });
});
