import { contract } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import { parseM3u8, startServerOnTinyMedia } from './origin-fixture.ts';
import { loginToken, vodData } from './vodHelpers.ts';

/** End to end: the URL playSource hands out plays from the real origin (tiny media profile). */
const v = contract.vod;
let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startServerOnTinyMedia();
  token = await loginToken(t);
}, 300_000);
afterAll(() => t?.close());

async function playable(path: string): Promise<void> {
  const master = new URL(path, t.url);
  const res = await fetch(master);
  expect(res.status, master.pathname).toBe(200);
  const variant = parseM3u8(await res.text()).playlists?.[0]?.uri;
  expect(variant).toBeDefined();
  const media = new URL(variant as string, master);
  const list = await fetch(media);
  expect(list.status, media.pathname).toBe(200);
  const m = parseM3u8(await list.text());
  expect(m.endList).toBe(true);
  const first = new URL(m.segments[0]?.uri as string, media);
  expect((await fetch(first)).status, first.pathname).toBe(200);
}

describe('VOD playback through the origin', () => {
  it('plays a movie, an episode and a trailer from the signed URLs', async () => {
    const movie = await vodData(t, v.playSource, { metaId: 'm-001' }, token);
    await playable(movie.url);
    const ep = t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'EPISODE' LIMIT 1",
    )!;
    await playable((await vodData(t, v.playSource, { metaId: ep.meta_id }, token)).url);
    const trailer = await vodData(t, v.trailer, { metaId: 'm-001' }, token);
    await playable(trailer.list[0]!.url);
  });

  it('a URL for one asset opens no other', async () => {
    const movie = await vodData(t, v.playSource, { metaId: 'm-001' }, token);
    const other = movie.url.replace(
      /\/media\/vod\/[^/]+\//,
      movie.url.includes('/vod1/') ? '/media/vod/vod2/' : '/media/vod/vod1/',
    );
    expect((await fetch(new URL(other, t.url))).status).toBe(403);
  });
});
