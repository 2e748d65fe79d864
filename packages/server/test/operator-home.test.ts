import { contract } from '@ottkit/api-client';
import {
  homeBannerAdd,
  homeBannerOrder,
  homeBannerRemove,
  homeGet,
  homeRowAdd,
  homeRowOrder,
  homeRowRemove,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeLayout } from '../src/operator/homeLayout.ts';
import { type ApiAnswer, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { vodData } from './vodHelpers.ts';

// Issue 18 §4: the home page's banners and rows, ordered, added and removed by an editor, as viewers get them.
let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'home-editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'home-support@ottkit.test', 'support');
});
afterAll(() => t.close());

const as = (who: SignedIn) => ({ cookie: who.cookie });
const layout = (a: ApiAnswer) => {
  expect(a.body.errMsg).toBe('success');
  return a.body.data as HomeLayout;
};
const viewerBanners = async () =>
  (await vodData(t, contract.live.bannerList, {})).bannerList.map((b) => b.bannerItemId);
const viewerRows = async () =>
  (await vodData(t, contract.vod.playlistRoot, {})).playlists
    .filter((p) => p.levelType === 99)
    .map((p) => p.playlistId);

describe('home banners and rows', () => {
  it('support reads the layout and may not change it', async () => {
    const start = layout(await t.get(homeGet.path, as(support)));
    expect(start.banners.length).toBeGreaterThan(1);
    const a = await t.post(
      homeBannerRemove.path,
      { bannerItemId: start.banners[0]?.bannerItemId },
      as(support),
    );
    expect([a.status, a.body.errCode]).toEqual([403, OperatorErrCode.ROLE_REFUSED]);
  });

  it('orders, adds and removes banners and rows, as viewers then see them, each audited', async () => {
    const start = layout(await t.get(homeGet.path, as(editor)));
    const reversed = start.banners.map((b) => b.bannerItemId).reverse();
    layout(await t.post(homeBannerOrder.path, { bannerItemIds: reversed }, as(editor)));
    expect(await viewerBanners()).toEqual(reversed);
    const bad = await t.post(homeBannerOrder.path, { bannerItemIds: reversed.slice(1) }, as(editor));
    expect(bad.body.errCode).not.toBe(0);

    const added = layout(await t.post(homeBannerAdd.path, { metaId: 'm-001' }, as(editor)));
    const banner = added.banners.at(-1);
    expect(banner?.linkId).toBe('m-001');
    expect((await viewerBanners()).at(-1)).toBe(banner?.bannerItemId);
    const unknown = await t.post(homeBannerAdd.path, { metaId: 'nope' }, as(editor));
    expect(unknown.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
    layout(await t.post(homeBannerRemove.path, { bannerItemId: banner?.bannerItemId }, as(editor)));
    expect(await viewerBanners()).not.toContain(banner?.bannerItemId);

    const withRow = layout(await t.post(homeRowAdd.path, { name: 'Fresh in', rule: 'newest' }, as(editor)));
    const row = withRow.rows.at(-1);
    expect(row).toMatchObject({ name: 'Fresh in', rule: 'newest' });
    const order = withRow.rows.map((r) => r.playlistId);
    const moved = [row?.playlistId as string, ...order.slice(0, -1)];
    layout(await t.post(homeRowOrder.path, { playlistIds: moved }, as(editor)));
    expect(await viewerRows()).toEqual(moved);
    const badRule = await t.post(homeRowAdd.path, { name: 'x', rule: 'DROP TABLE' }, as(editor));
    expect(badRule.body.errMsg).toContain('Choose newest');
    layout(await t.post(homeRowRemove.path, { playlistId: row?.playlistId }, as(editor)));
    expect(await viewerRows()).not.toContain(row?.playlistId);

    const actions = t.server.db
      .all<{ action: string }>("SELECT action FROM operator_audit WHERE action LIKE 'home.%' ORDER BY seq")
      .map((r) => r.action);
    expect(actions).toEqual([
      'home.banner.order',
      'home.banner.add',
      'home.banner.remove',
      'home.row.add',
      'home.row.order',
      'home.row.remove',
    ]);
    expect(t.errors).toEqual([]);
  });
});
