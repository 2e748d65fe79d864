import { createPrng, type Prng } from '../../prng.ts';
import {
  COUNTRIES,
  FIRST_NAMES,
  GENRES,
  HEADS,
  LANGS,
  LAST_NAMES,
  type Lang,
  TAILS,
  type Texts,
  THEMES,
} from './words.ts';

/** The playable assets the media helper packages (docs/decisions/0063): titles cycle through them. */
export const VOD_ASSET_IDS = ['vod1', 'vod2', 'vod3'] as const;
export const TRAILER_ASSET_ID = 'trailer1';
/** The subscription product that unlocks premium titles (domain/rights.ts). */
export const PRODUCT_VOD = 'vod-basic';
/** 2026-01-01T00:00:00Z, the seed's fixed instant. */
const SEED_TIME = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

export type MetaType = 'MOVIE' | 'SERIES' | 'SEASON' | 'EPISODE';
export type VodType = 'movie' | 'series' | 'kids' | 'audio';
export type Role = 'cast' | 'director' | 'writer' | 'producer';

export interface SeedMeta {
  metaId: string;
  metaType: MetaType;
  vodType: VodType;
  seriesId: string | null;
  seasonId: string | null;
  seasonNo: number | null;
  episodeNo: number | null;
  noSeason: boolean;
  releaseYear: number;
  releasedAt: number;
  rating: number | null;
  duration: number;
  imdbId: string;
  tmdbId: string;
  mediaQualityList: number[];
  assetId: string | null;
  productId: string | null;
  sensitive: boolean;
  playbackValidTime: number | null;
  popularity: number;
  texts: Record<Lang, { title: string; plot: string }>;
  genreIds: string[];
  credits: { personId: string; role: Role; character: string }[];
  trailers: { trailerId: string; assetId: string; duration: number }[];
}

export interface SeedPerson {
  personId: string;
  name: string;
  birthYear: number;
  country: string;
  knownFor: Role;
  biography: Texts;
}

export interface SeedCatalogue {
  genres: typeof GENRES;
  people: SeedPerson[];
  metas: SeedMeta[];
}

const pad = (n: number, w = 3) => String(n).padStart(w, '0');
const EPISODE_WORD: Texts = { en: 'Episode', es: 'Episodio', pt: 'Episódio' };
const SEASON_WORD: Texts = { en: 'Season', es: 'Temporada', pt: 'Temporada' };

/** Spanish contracts "de el" to "del" and "a el" to "al"; a capital "El" (a name: "de El Salvador") stays. */
export function spanishContractions(text: string): string {
  return text.replace(/\b(de|a) el\b/g, (_m, p: string) => (p === 'de' ? 'del' : 'al'));
}

function titleTexts(head: Texts, tail: Texts | null): Texts {
  if (!tail) return head;
  return {
    en: `${head.en} of ${tail.en}`,
    es: spanishContractions(`${head.es} de ${tail.es}`),
    // The Portuguese tails carry their contraction with "de" already (do, da, dos, das).
    pt: `${head.pt} ${tail.pt}`,
  };
}

function plotTexts(title: Texts, theme: Texts, genre: Texts): Record<Lang, string> {
  return {
    en: `${title.en}: a ${genre.en.toLowerCase()} story about ${theme.en}.`,
    es: `${title.es}: una historia de ${genre.es.toLowerCase()} sobre ${theme.es}.`,
    pt: `${title.pt}: uma história de ${genre.pt.toLowerCase()} sobre ${theme.pt}.`,
  };
}

/** A country code as its name in the language ("US" → "Estados Unidos"): biographies read as prose. */
const place = (code: string, lang: Lang) => new Intl.DisplayNames(lang, { type: 'region' }).of(code) ?? code;

function people(p: Prng): SeedPerson[] {
  const roles: Role[] = ['cast', 'cast', 'cast', 'director', 'writer', 'producer'];
  const names = new Set<string>();
  const out: SeedPerson[] = [];
  while (out.length < 90) {
    const name = `${p.pick(FIRST_NAMES)} ${p.pick(LAST_NAMES)}`;
    if (names.has(name)) continue;
    names.add(name);
    const knownFor = p.pick(roles);
    const country = p.pick(COUNTRIES);
    const birthYear = p.int(1950, 2002);
    out.push({
      personId: `p-${pad(out.length + 1)}`,
      name,
      birthYear,
      country,
      knownFor,
      biography: {
        en: `${name} (born ${birthYear}, ${place(country, 'en')}) is known for work as ${knownFor === 'cast' ? 'an actor' : `a ${knownFor}`}.`,
        es: `${name} (nacido en ${birthYear}, ${place(country, 'es')}) es conocido por su trabajo como ${{ cast: 'actor', director: 'director', writer: 'guionista', producer: 'productor' }[knownFor]}.`,
        pt: `${name} (nascido em ${birthYear}, ${place(country, 'pt')}) é conhecido pelo trabalho como ${{ cast: 'ator', director: 'diretor', writer: 'roteirista', producer: 'produtor' }[knownFor]}.`,
      },
    });
  }
  return out;
}

/** What each VOD type gets: how many titles, of which kind, from which genres. */
const PLAN: { vodType: VodType; count: number; series: number; genres: string[] }[] = [
  {
    vodType: 'movie',
    count: 110,
    series: 0,
    genres: [
      'action',
      'comedy',
      'drama',
      'thriller',
      'scifi',
      'romance',
      'documentary',
      'crime',
      'adventure',
      'horror',
    ],
  },
  {
    vodType: 'series',
    count: 40,
    series: 40,
    genres: ['drama', 'crime', 'comedy', 'thriller', 'scifi', 'adventure'],
  },
  { vodType: 'kids', count: 30, series: 10, genres: ['animation', 'family', 'adventure', 'comedy'] },
  { vodType: 'audio', count: 25, series: 0, genres: ['music', 'podcast', 'documentary'] },
];

/**
 * Builds the sample catalogue from a seed: 205 top-level titles (movies, series with seasons and episodes,
 * some without seasons, kids titles, audio items), people with cast and crew, trailers. Pure: no database.
 */
export function generateCatalogue(seed = 20260101): SeedCatalogue {
  const p = createPrng(seed);
  const cast = people(p);
  const metas: SeedMeta[] = [];
  const titles = [
    ...HEADS.flatMap((h) => TAILS.map((tl) => [h, tl] as const)),
    ...HEADS.map((h) => [h, null] as const),
  ];
  const order = p.sample(titles, titles.length);
  let n = 0;
  let asset = 0;
  const genreName = (id: string) => (GENRES.find((g) => g.id === id) as (typeof GENRES)[number]).names;
  for (const plan of PLAN) {
    for (let i = 0; i < plan.count; i++) {
      n++;
      const [head, tail] = order[n - 1] as (typeof order)[number];
      const title = titleTexts(head, tail);
      const isSeries = i < plan.series;
      const genreIds = p.sample(plan.genres, p.int(1, 2));
      const theme = p.pick(THEMES);
      const plot = plotTexts(title, theme, genreName(genreIds[0] as string));
      const releaseYear = p.int(1995, 2025);
      const metaId = `${isSeries ? 's' : plan.vodType === 'audio' ? 'a' : 'm'}-${pad(n)}`;
      const premium = p.chance(0.35);
      const sensitive = plan.vodType === 'movie' && (genreIds.includes('horror') || p.chance(0.03));
      const credits = [
        ...p
          .sample(
            cast.filter((c) => c.knownFor === 'cast'),
            p.int(3, 5),
          )
          .map((c, k) => ({
            personId: c.personId,
            role: 'cast' as const,
            character: `${p.pick(FIRST_NAMES)}${k === 0 ? ' (lead)' : ''}`,
          })),
        {
          personId: p.pick(cast.filter((c) => c.knownFor === 'director')).personId,
          role: 'director' as const,
          character: '',
        },
        {
          personId: p.pick(cast.filter((c) => c.knownFor === 'writer')).personId,
          role: 'writer' as const,
          character: '',
        },
      ];
      const base: SeedMeta = {
        metaId,
        metaType: isSeries ? 'SERIES' : 'MOVIE',
        vodType: plan.vodType,
        seriesId: null,
        seasonId: null,
        seasonNo: null,
        episodeNo: null,
        noSeason: false,
        releaseYear,
        releasedAt: Date.UTC(releaseYear, p.int(0, 11), p.int(1, 28)),
        rating: p.chance(0.92) ? Math.round(p.int(40, 95)) / 10 : null,
        duration: isSeries ? 0 : plan.vodType === 'audio' ? p.int(20, 60) * 60 : p.int(80, 150) * 60,
        imdbId: `tt${pad(1_000_000 + n * 7919, 7)}`,
        tmdbId: String(10_000 + n * 131),
        mediaQualityList:
          plan.vodType === 'audio'
            ? [20, 21]
            : p.pick([
                [1, 2],
                [1, 2, 3],
                [1, 2, 3, 4],
              ]),
        assetId: isSeries ? null : (VOD_ASSET_IDS[asset++ % VOD_ASSET_IDS.length] as string),
        productId: premium ? PRODUCT_VOD : null,
        sensitive,
        playbackValidTime: p.chance(0.1) ? SEED_TIME + p.int(4 * 365, 6 * 365) * DAY : null,
        popularity: p.int(0, 1000),
        texts: Object.fromEntries(
          LANGS.map((l) => [l, { title: title[l], plot: plot[l] }]),
        ) as SeedMeta['texts'],
        genreIds,
        credits,
        trailers:
          plan.vodType === 'audio'
            ? []
            : [{ trailerId: `t-${pad(n)}`, assetId: TRAILER_ASSET_ID, duration: p.int(60, 150) }],
      };
      metas.push(base);
      if (isSeries) asset = addSeasons(p, base, metas, asset);
    }
  }
  return { genres: GENRES, people: cast, metas };
}

/** Seasons and episodes of a series; about one series in five has no seasons (noSeason). */
function addSeasons(p: Prng, series: SeedMeta, metas: SeedMeta[], asset: number): number {
  const noSeason = p.chance(0.2);
  series.noSeason = noSeason;
  const seasons = noSeason ? 1 : p.int(1, 3);
  const child = (over: Partial<SeedMeta>): SeedMeta => ({
    ...series,
    credits: series.credits,
    trailers: [],
    seriesId: series.metaId,
    duration: 0,
    assetId: null,
    ...over,
  });
  for (let s = 1; s <= seasons; s++) {
    let seasonId: string | null = null;
    if (!noSeason) {
      seasonId = `${series.metaId}-s${s}`;
      metas.push(
        child({
          metaId: seasonId,
          metaType: 'SEASON',
          seasonNo: s,
          releasedAt: series.releasedAt + (s - 1) * 365 * DAY,
          texts: Object.fromEntries(
            LANGS.map((l) => [l, { title: `${SEASON_WORD[l]} ${s}`, plot: series.texts[l].plot }]),
          ) as SeedMeta['texts'],
        }),
      );
    }
    const count = p.int(3, 8);
    for (let e = 1; e <= count; e++) {
      metas.push(
        child({
          metaId: noSeason ? `${series.metaId}-e${e}` : `${series.metaId}-s${s}e${e}`,
          metaType: 'EPISODE',
          seasonId,
          seasonNo: noSeason ? null : s,
          episodeNo: e,
          releasedAt: series.releasedAt + ((s - 1) * 365 + e * 7) * DAY,
          duration: p.int(22, 55) * 60,
          assetId: VOD_ASSET_IDS[asset++ % VOD_ASSET_IDS.length] as string,
          imdbId: `${series.imdbId}${s}${pad(e, 2)}`,
          texts: Object.fromEntries(
            LANGS.map((l) => [
              l,
              {
                title: `${EPISODE_WORD[l]} ${e}`,
                plot: `${series.texts[l].title} · ${SEASON_WORD[l]} ${s}, ${EPISODE_WORD[l]} ${e}.`,
              },
            ]),
          ) as SeedMeta['texts'],
        }),
      );
    }
  }
  return asset;
}
