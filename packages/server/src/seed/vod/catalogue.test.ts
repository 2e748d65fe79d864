import { describe, expect, it } from 'vitest';
import { generateCatalogue, spanishContractions, TRAILER_ASSET_ID, VOD_ASSET_IDS } from './catalogue.ts';
import { seedBanners, seedPlaylists } from './lists.ts';

const cat = generateCatalogue();
const top = cat.metas.filter((m) => m.metaType === 'MOVIE' || m.metaType === 'SERIES');

describe('generateCatalogue', () => {
  it('is deterministic', () => {
    expect(generateCatalogue()).toEqual(cat);
    expect(generateCatalogue(1).metas[0]?.texts.en.title).not.toBe(undefined);
  });

  it('holds at least 200 titles of every kind, with unique ids', () => {
    expect(top.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cat.metas.map((m) => m.metaId)).size).toBe(cat.metas.length);
    for (const t of ['movie', 'series', 'kids', 'audio'] as const) {
      expect(top.filter((m) => m.vodType === t).length).toBeGreaterThan(10);
    }
    const series = top.filter((m) => m.metaType === 'SERIES');
    expect(series.some((s) => s.noSeason)).toBe(true);
    expect(series.some((s) => !s.noSeason)).toBe(true);
    expect(cat.metas.some((m) => m.metaType === 'SEASON')).toBe(true);
    expect(cat.metas.filter((m) => m.metaType === 'EPISODE').length).toBeGreaterThan(100);
  });

  it('gives titles and plots in en, es and pt, ids, ratings and qualities', () => {
    for (const m of top) {
      for (const l of ['en', 'es', 'pt'] as const) {
        expect(m.texts[l].title.length).toBeGreaterThan(0);
        expect(m.texts[l].plot.length).toBeGreaterThan(0);
      }
      expect(m.imdbId).toMatch(/^tt\d{7,}$/);
      expect(m.tmdbId).toMatch(/^\d+$/);
      expect(m.mediaQualityList.length).toBeGreaterThan(0);
      expect(m.credits.some((c) => c.role === 'cast')).toBe(true);
      expect(m.credits.some((c) => c.role === 'director')).toBe(true);
    }
    expect(top.find((m) => m.texts.es.title !== m.texts.en.title)).toBeDefined();
  });

  it('names countries in biographies as words, never as codes', () => {
    const bios = cat.people.flatMap((p) => Object.values(p.biography));
    expect(bios.filter((b) => /, [A-Z]{2}\)/.test(b))).toEqual([]);
    expect(bios.some((b) => b.includes('Estados Unidos'))).toBe(true);
  });

  it('writes Spanish and Portuguese contractions (del, al; do, da, no, na)', () => {
    const texts = cat.metas.flatMap((m) => [
      m.texts.es.title,
      m.texts.es.plot,
      m.texts.pt.title,
      m.texts.pt.plot,
    ]);
    const wrong = texts.filter((t) => /(^|\s)((de|a) el|(de|em) (o|a|os|as))(?!\p{L})/u.test(t));
    expect(wrong).toEqual([]);
    expect(cat.metas.some((m) => / del /.test(m.texts.es.title))).toBe(true);
    expect(spanishContractions('La Isla de el Mar, a el Norte, de El Salvador')).toBe(
      'La Isla del Mar, al Norte, de El Salvador',
    );
  });

  it('gives every playable title an asset of the media library, cycling, and trailers the trailer asset', () => {
    const playable = cat.metas.filter((m) => m.metaType === 'MOVIE' || m.metaType === 'EPISODE');
    for (const m of playable) expect(VOD_ASSET_IDS).toContain(m.assetId);
    expect(new Set(playable.map((m) => m.assetId)).size).toBe(VOD_ASSET_IDS.length);
    for (const m of cat.metas.filter((x) => x.metaType === 'SERIES' || x.metaType === 'SEASON')) {
      expect(m.assetId).toBeNull();
    }
    const trailers = top.flatMap((m) => m.trailers);
    expect(trailers.length).toBeGreaterThan(100);
    for (const t of trailers) expect(t.assetId).toBe(TRAILER_ASSET_ID);
  });

  it('seeds a category playlist per VOD type, static and dynamic home lists, and banners of every linkType', () => {
    const lists = seedPlaylists(cat.metas);
    expect(lists.filter((l) => l.levelType === 1).map((l) => l.vodType)).toEqual([
      'movie',
      'series',
      'kids',
      'audio',
    ]);
    const home = lists.filter((l) => l.levelType === 99);
    expect(home.some((l) => l.playlistType === 1 && l.metaIds.length > 0)).toBe(true);
    expect(home.some((l) => l.playlistType === 2 && l.rule)).toBe(true);
    const banners = seedBanners(cat.metas);
    expect(new Set(banners.map((b) => b.linkType))).toEqual(
      new Set(['VOD_CONTENT', 'VOD_LIST', 'LIVE_CHANNEL']),
    );
    for (const b of banners.filter((x) => x.linkType === 'LIVE_CHANNEL'))
      expect(b.linkId).toMatch(/^lc-0(0[1-9]|10)$/);
  });
});
