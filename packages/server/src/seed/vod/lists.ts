import type { SeedMeta, VodType } from './catalogue.ts';
import type { Lang, Texts } from './words.ts';

export interface SeedPlaylist {
  playlistId: string;
  levelType: 1 | 99;
  playlistType: 1 | 2;
  vodType: VodType | null;
  /** Dynamic lists only: evaluated at query time (domain/vod/rules.ts). */
  rule: string | null;
  names: Texts;
  /** Static lists only. */
  metaIds: string[];
}

export interface SeedBanner {
  bannerItemId: string;
  vodType: VodType | null;
  linkType: 'VOD_CONTENT' | 'VOD_LIST' | 'LIVE_CHANNEL';
  linkId: string;
  metaId: string | null;
  customizedDisplayInfo: string;
  texts: Record<Lang, { title: string; description: string }>;
}

const names = (en: string, es: string, pt: string): Texts => ({ en, es, pt });

/** The playlists: one category per VOD type (levelType 1) and the home rows (99), static and dynamic. */
export function seedPlaylists(metas: SeedMeta[]): SeedPlaylist[] {
  const top = metas.filter((m) => m.metaType === 'MOVIE' || m.metaType === 'SERIES');
  const ofType = (t: VodType) => top.filter((m) => m.vodType === t && !m.sensitive);
  const byPopularity = (list: SeedMeta[]) => [...list].sort((a, b) => b.popularity - a.popularity);
  const category = (vodType: VodType, n: Texts): SeedPlaylist => ({
    playlistId: `cat-${vodType}`,
    levelType: 1,
    playlistType: 2,
    vodType,
    rule: `type:${vodType}`,
    names: n,
    metaIds: [],
  });
  const home = (id: string, n: Texts, rule: string | null, metaIds: string[] = []): SeedPlaylist => ({
    playlistId: id,
    levelType: 99,
    playlistType: rule ? 2 : 1,
    vodType: null,
    rule,
    names: n,
    metaIds,
  });
  return [
    category('movie', names('Movies', 'Películas', 'Filmes')),
    category('series', names('Series', 'Series', 'Séries')),
    category('kids', names('Kids', 'Infantil', 'Infantil')),
    category('audio', names('Audio', 'Audio', 'Áudio')),
    home(
      'home-featured',
      names('Featured', 'Destacados', 'Destaques'),
      null,
      byPopularity(top.filter((m) => !m.sensitive))
        .slice(0, 12)
        .map((m) => m.metaId),
    ),
    home('home-new', names('New releases', 'Estrenos', 'Lançamentos'), 'newest'),
    home('home-top', names('Top rated', 'Mejor valorados', 'Mais bem avaliados'), 'top-rated'),
    home(
      'home-series',
      names('Series to binge', 'Series para maratonear', 'Séries para maratonar'),
      null,
      byPopularity(ofType('series'))
        .slice(0, 10)
        .map((m) => m.metaId),
    ),
    home('home-action', names('Action', 'Acción', 'Ação'), 'genre:action'),
    home('home-comedy', names('Comedy', 'Comedia', 'Comédia'), 'genre:comedy'),
    home('home-kids', names('For the kids', 'Para los niños', 'Para as crianças'), 'type:kids'),
    home(
      'home-audio',
      names('Listen', 'Escuchar', 'Ouvir'),
      null,
      ofType('audio')
        .slice(0, 10)
        .map((m) => m.metaId),
    ),
  ];
}

/** Banner items of the home carousel and of each category page, with every linkType. */
export function seedBanners(metas: SeedMeta[]): SeedBanner[] {
  const top = metas.filter((m) => (m.metaType === 'MOVIE' || m.metaType === 'SERIES') && !m.sensitive);
  const popular = (t: VodType) =>
    [...top.filter((m) => m.vodType === t)].sort((a, b) => b.popularity - a.popularity);
  const content = (m: SeedMeta, vodType: VodType | null, i: number, info = ''): SeedBanner => ({
    bannerItemId: `b-${vodType ?? 'home'}-${i}`,
    vodType,
    linkType: 'VOD_CONTENT',
    linkId: m.metaId,
    metaId: m.metaId,
    customizedDisplayInfo: info,
    texts: {
      en: { title: m.texts.en.title, description: m.texts.en.plot },
      es: { title: m.texts.es.title, description: m.texts.es.plot },
      pt: { title: m.texts.pt.title, description: m.texts.pt.plot },
    },
  });
  const home: SeedBanner[] = [
    ...popular('movie')
      .slice(0, 3)
      .map((m, i) => content(m, null, i + 1, i === 0 ? 'New' : '')),
    ...popular('series')
      .slice(0, 2)
      .map((m, i) => content(m, null, i + 4, 'New season')),
    {
      bannerItemId: 'b-home-6',
      vodType: null,
      linkType: 'VOD_LIST',
      linkId: 'home-new',
      metaId: null,
      customizedDisplayInfo: '',
      texts: {
        en: { title: 'New releases', description: 'The newest titles, every week.' },
        es: { title: 'Estrenos', description: 'Los títulos más nuevos, cada semana.' },
        pt: { title: 'Lançamentos', description: 'Os títulos mais novos, toda semana.' },
      },
    },
    ...(['lc-001', 'lc-003'] as const).map((lc, i) => ({
      bannerItemId: `b-home-${7 + i}`,
      vodType: null,
      linkType: 'LIVE_CHANNEL' as const,
      linkId: lc,
      metaId: null,
      customizedDisplayInfo: 'Live',
      texts: {
        en: { title: 'Watch live now', description: 'Live TV with a 7-day catch-up.' },
        es: { title: 'Mira en vivo ahora', description: 'TV en vivo con 7 días de catch-up.' },
        pt: { title: 'Assista ao vivo agora', description: 'TV ao vivo com 7 dias de catch-up.' },
      },
    })),
  ];
  const categories = (['movie', 'series', 'kids', 'audio'] as const).flatMap((t) =>
    popular(t)
      .slice(3, 5)
      .map((m, i) => content(m, t, i + 1)),
  );
  return [...home, ...categories];
}
