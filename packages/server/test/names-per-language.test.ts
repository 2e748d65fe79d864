import { contract } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { changeSetting } from '../src/domain/appConfig.ts';
import { seedNamesIfEmpty } from '../src/seed/names.ts';
import { putName } from '../src/store/names.ts';
import { channelList, liveSuite } from './liveHelpers.ts';

// Decision 0140: operator names (categories, products, purchase guides) answer in the request's language,
// falling back to English, then to the base name or id.
const A = contract.account;
const live = liveSuite();

const columns = async (lang?: string) =>
  new Map(
    (
      await channelList(live.t, lang ? { ...live.v.subscriber, lang } : live.v.subscriber)
    ).channelColumnInfo.map((c) => [c.columnId, c.columnName]),
  );

const products = async (lang: string) => {
  const res = await live.t.post(A.userInfo.path, {}, { ...live.v.subscriber, lang });
  const info = A.userInfo.response.parse(res.body.data);
  return new Map(info.subscriptionList.map((s) => [s.productId, s.productName]));
};

describe('category names per language', () => {
  it('answers the seeded categories in es and pt, in English without a lang header', async () => {
    expect((await columns('es')).get('col-sports')).toBe('Deportes');
    expect((await columns('pt-BR')).get('col-kids')).toBe('Infantil');
    expect((await columns()).get('col-sports')).toBe('Sports');
    expect((await columns('fr')).get('col-news')).toBe('News');
  });

  it('falls back to English, then to the base name, for a language the operator left out', async () => {
    live.t.server.db.run("DELETE FROM channel_column_names WHERE column_id = 'col-docs' AND lang = 'pt'");
    expect((await columns('pt')).get('col-docs')).toBe('Documentary');
    live.t.server.db.run("DELETE FROM channel_column_names WHERE column_id = 'col-docs'");
    live.t.server.db.run("UPDATE channel_columns SET column_name = 'Docs' WHERE column_id = 'col-docs'");
    expect((await columns('es')).get('col-docs')).toBe('Docs');
    putName(live.t.server.db, 'channel_column_names', 'col-docs', 'es', 'Documentales');
    expect((await columns('es')).get('col-docs')).toBe('Documentales');
  });

  it('never overwrites the operator names on a later start', () => {
    putName(live.t.server.db, 'channel_column_names', 'col-news', 'es', 'Informativos');
    seedNamesIfEmpty(live.t.server.db);
    const row = live.t.server.db.get<{ name: string }>(
      "SELECT name FROM channel_column_names WHERE column_id = 'col-news' AND lang = 'es'",
    );
    expect(row?.name).toBe('Informativos');
  });
});

describe('product names per language', () => {
  it("names the subscriber's products in the language, else English, else the id", async () => {
    expect((await products('es')).get('live-basic')).toBe('TV en vivo');
    expect((await products('pt')).get('live-sports')).toBe('Complemento esportes');
    expect((await products('en')).get('live-basic')).toBe('Live TV');
    live.t.server.db.run("DELETE FROM product_names WHERE product_id = 'live-sports' AND lang = 'es'");
    expect((await products('es')).get('live-sports')).toBe('Sports add-on');
    live.t.server.db.run("DELETE FROM product_names WHERE product_id = 'live-sports'");
    expect((await products('es')).get('live-sports')).toBe('live-sports');
  });
});

describe('purchase guides per language', () => {
  const guide = async (lang: string) =>
    A.appPropertyQuery.response.parse((await live.t.post(A.appPropertyQuery.path, {}, { lang })).body.data)
      .purchasePageSetting;

  it('answers the recharge guide in the language while the English one is set', async () => {
    expect((await guide('es')).rechargeGuide).toMatch(/^Compra una tarjeta de recarga/);
    expect((await guide('pt')).howToRecharge).toMatch(/^Abra Minha conta/);
    expect((await guide('en')).rechargeGuide).toMatch(/^Buy a recharge card/);
    changeSetting(live.t.server.db, 'purchase.rechargeGuide', '');
    expect((await guide('es')).rechargeGuide).toBe('');
    changeSetting(live.t.server.db, 'purchase.rechargeGuide.es', '');
    changeSetting(live.t.server.db, 'purchase.rechargeGuide', 'Cards at the kiosk.');
    expect((await guide('es')).rechargeGuide).toBe('Cards at the kiosk.');
  });
});
