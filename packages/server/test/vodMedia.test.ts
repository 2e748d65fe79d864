import { contract, ErrCode } from '@ottkit/api-client';
import { VodErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyMediaToken } from '../src/origin/tokens.ts';
import { startServer, type TestServer } from './helpers.ts';
import { loginToken, vodCall, vodData } from './vodHelpers.ts';

const v = contract.vod;
const SECRET = 'test-secret-0123456789abcdef0123456789';
let t: TestServer;
let subscriber: string;
let free: string;
const premium = () =>
  t.server.db.get<{ meta_id: string; asset_id: string }>(
    "SELECT meta_id, asset_id FROM vod_metas WHERE meta_type = 'MOVIE' AND product_id IS NOT NULL AND playback_valid_time IS NULL ORDER BY meta_id LIMIT 1",
  )!;
const freeMovie = () =>
  t.server.db.get<{ meta_id: string; asset_id: string }>(
    "SELECT meta_id, asset_id FROM vod_metas WHERE meta_type = 'MOVIE' AND product_id IS NULL AND playback_valid_time IS NULL ORDER BY meta_id LIMIT 1",
  )!;
beforeAll(async () => {
  t = await startServer({ config: { secret: SECRET } });
  subscriber = await loginToken(t, 'demo@ottkit.test');
  free = await loginToken(t, 'free@ottkit.test');
});
afterAll(() => t.close());

function tokenOf(url: string): string {
  return new URL(url, 'http://x').searchParams.get('token') as string;
}

describe('playSource v1', () => {
  it('answers a signed, expiring VOD URL bound to the asset and the account', async () => {
    const m = freeMovie();
    const src = await vodData(t, v.playSource, { metaId: m.meta_id }, free);
    expect(src.url).toMatch(new RegExp(`^/media/vod/${m.asset_id}/master\\.m3u8\\?token=`));
    expect(src.expiresAt).toBeGreaterThan(t.clock.now);
    const ok = verifyMediaToken(SECRET, tokenOf(src.url), {
      resource: `vod/${m.asset_id}`,
      kind: 'vod',
      nowMs: t.clock.now,
    });
    expect(ok.ok).toBe(true);
    expect(
      verifyMediaToken(SECRET, tokenOf(src.url), { resource: 'vod/other', kind: 'vod', nowMs: t.clock.now })
        .ok,
    ).toBe(false);
    expect(
      verifyMediaToken(SECRET, tokenOf(src.url), {
        resource: `vod/${m.asset_id}`,
        kind: 'vod',
        nowMs: src.expiresAt + 1000,
      }).ok,
    ).toBe(false);
  });

  it('carries the resume position', async () => {
    const m = freeMovie();
    await vodData(
      t,
      v.playProgressReport,
      {
        metaId: m.meta_id,
        videoType: 'MOVIE',
        played: false,
        playedTime: 42,
        playProgress: 7,
        totalDuration: 600,
      },
      free,
    );
    expect((await vodData(t, v.playSource, { metaId: m.meta_id }, free)).history?.playedTime).toBe(42);
  });

  it('refuses premium titles without a VOD product (no authority) and opens them with one', async () => {
    const m = premium();
    expect((await vodCall(t, v.playSource, { metaId: m.meta_id }, free)).body.errCode).toBe(
      ErrCode.NO_AUTHORITY_FIRST,
    );
    expect((await vodData(t, v.playSource, { metaId: m.meta_id }, subscriber)).url).toContain(
      `/media/vod/${m.asset_id}/`,
    );
  });

  it('needs a session, and refuses series, expired titles and missing sources with their codes', async () => {
    const m = freeMovie();
    expect((await vodCall(t, v.playSource, { metaId: m.meta_id })).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
    const series = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'SERIES' LIMIT 1",
    )!;
    expect((await vodCall(t, v.playSource, { metaId: series.meta_id }, subscriber)).body.errCode).toBe(
      VodErrCode.NOT_PLAYABLE,
    );
    const gone = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'MOVIE' AND meta_id <> ? ORDER BY meta_id DESC LIMIT 1",
      m.meta_id,
    )!.meta_id;
    t.server.db.run('UPDATE vod_metas SET playback_valid_time = ? WHERE meta_id = ?', t.clock.now - 1, gone);
    expect((await vodCall(t, v.playSource, { metaId: gone }, subscriber)).body.errCode).toBe(
      ErrCode.CONTENT_UNAVAILABLE_FIRST,
    );
    t.server.db.run(
      'UPDATE vod_metas SET playback_valid_time = NULL, asset_id = NULL WHERE meta_id = ?',
      gone,
    );
    const missing = await vodCall(t, v.playSource, { metaId: gone }, subscriber);
    expect(missing.body).toMatchObject({
      errCode: VodErrCode.SOURCE_UNAVAILABLE,
      errMsg: 'Unavailable source',
    });
  });

  it('also accepts the token in the Authorization header', async () => {
    const m = freeMovie();
    const { body } = await t.post(
      v.playSource.path,
      { metaId: m.meta_id },
      { authorization: `Bearer ${free}` },
    );
    expect(body.errCode).toBe(0);
  });
});

describe('trailer', () => {
  it("signs the trailer asset; a season or episode gets its series' trailer", async () => {
    const r = await vodData(t, v.trailer, { metaId: 'm-001' }, free);
    expect(r.list).toHaveLength(1);
    expect(r.list[0]!.url).toMatch(/^\/media\/vod\/trailer1\/master\.m3u8\?token=/);
    const ep = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'EPISODE' LIMIT 1",
    )!;
    expect((await vodData(t, v.trailer, { metaId: ep.meta_id }, free)).list).toHaveLength(1);
    const audio = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE vod_type = 'audio' LIMIT 1",
    )!;
    expect((await vodData(t, v.trailer, { metaId: audio.meta_id }, free)).list).toEqual([]);
  });
});

describe('artwork', () => {
  it('draws posters (2:3) and landscapes (16:9) of titles, portraits of people, as SVG', async () => {
    const poster = await fetch(`${t.url}/media/art/m-001/poster.svg`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toContain('image/svg+xml');
    expect(await poster.text()).toContain('viewBox="0 0 400 600"');
    expect(await (await fetch(`${t.url}/media/art/m-001/landscape.svg`)).text()).toContain(
      'viewBox="0 0 640 360"',
    );
    // A title's address without extension (decision 0326) answers the same drawing while nothing is uploaded.
    const bare = await fetch(`${t.url}/media/art/m-001/poster`);
    expect([bare.status, bare.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(await bare.text()).toContain('viewBox="0 0 400 600"');
    expect((await fetch(`${t.url}/media/art/p-001/portrait.svg`)).status).toBe(200);
    expect((await fetch(`${t.url}/media/art/nope/poster.svg`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/art/m-001/huge.svg`)).status).toBe(404);
  });

  it('captions the pictures in the language the card was asked in (decision 0140)', async () => {
    const res = await t.post(
      v.batchPlaylist.path,
      { playlistIds: ['home-featured'], pageSize: 1 },
      { lang: 'es' },
    );
    const card = v.batchPlaylist.response.parse(res.body.data).playlists[0]!.list[0]!;
    expect(card.poster).toMatch(/\/poster\?lang=es$/);
    const svg = await (await fetch(t.url + card.poster)).text();
    expect(svg).toContain(card.title.replace(/&/g, '&amp;'));
    const english = await (await fetch(`${t.url}/media/art/${card.metaId}/poster.svg`)).text();
    expect(english).not.toContain(card.title);
    expect(await (await fetch(`${t.url}/media/art/p-001/portrait.svg?lang=pt`)).text()).toMatch(
      /Elenco|Direção|Roteiro|Produção/,
    );
  });

  it('serves every image a banner and a playlist card point at', async () => {
    const { bannerList } = await vodData(t, contract.live.bannerList);
    const { playlists } = await vodData(t, v.batchPlaylist, { playlistIds: ['home-featured'], pageSize: 3 });
    const urls = [
      ...bannerList.flatMap((b) => [b.poster, b.posterLandscape, ...b.landscape.map((l) => l.url)]),
      ...playlists[0]!.list.flatMap((c) => [c.poster, c.landscape]),
    ];
    for (const u of new Set(urls)) expect((await fetch(t.url + u)).status, u).toBe(200);
  });
});

describe('banner list v1', () => {
  it('answers the home carousel with every linkType and the Banner item fields', async () => {
    const { bannerList } = await vodData(t, contract.live.bannerList);
    expect(new Set(bannerList.map((b) => b.linkType))).toEqual(
      new Set(['VOD_CONTENT', 'VOD_LIST', 'LIVE_CHANNEL']),
    );
    const content = bannerList.find((b) => b.linkType === 'VOD_CONTENT')!;
    expect(content.metaId).toBe(content.linkId);
    expect(content.genres.length).toBeGreaterThan(0);
    const list = bannerList.find((b) => b.linkType === 'VOD_LIST')!;
    expect(list.linkId).toBe('home-new');
    const live = bannerList.find((b) => b.linkType === 'LIVE_CHANNEL')!;
    expect(live.linkId).toMatch(/^lc-0\d\d$/);
    expect(live.mediaVideoList[0]?.iconUrl).toBe(`/media/logo/${live.linkId}.png`);
    expect(live.hasEpgSource).toBe(true);
  });

  it('answers a category carousel, and historyEpisode for a series the caller watched', async () => {
    const cat = await vodData(t, contract.live.bannerList, { vodType: 'series' });
    expect(cat.bannerList.length).toBeGreaterThan(0);
    const series = cat.bannerList.find((b) => b.metaType === 'SERIES')!;
    const ep = t.server.db.get<{ meta_id: string; episode_no: number }>(
      "SELECT meta_id, episode_no FROM vod_metas WHERE series_id = ? AND meta_type = 'EPISODE' ORDER BY season_no, episode_no LIMIT 1",
      series.metaId,
    )!;
    await vodData(
      t,
      v.playProgressReport,
      { metaId: ep.meta_id, videoType: 'EPISODE', playedTime: 5, playProgress: 1, totalDuration: 500 },
      subscriber,
    );
    const { body } = await t.post(
      contract.live.bannerList.path,
      { vodType: 'series' },
      { authorization: `Bearer ${subscriber}` },
    );
    const mine = contract.live.bannerList.response
      .parse(body.data)
      .bannerList.find((b) => b.metaId === series.metaId)!;
    expect(mine.historyEpisode).toEqual({ metaId: ep.meta_id, episode: ep.episode_no });
  });
});
