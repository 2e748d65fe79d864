import {
  type AgeRating,
  artworkPath,
  DEFAULT_LANG,
  isLang,
  type Lang,
  ratingAllowed,
  type VodCard,
} from '@ottkit/api-client/contract';
import type { Db } from '../../store/db.ts';

/** UI languages (spec §1, the contract's); anything else falls back to English. */
export type { Lang };
export function langOf(header: string | undefined): Lang {
  const l = (header ?? '').slice(0, 2).toLowerCase();
  return isLang(l) ? l : DEFAULT_LANG;
}

/** Who asks: the language, and whether their products include VOD (premium titles are locked otherwise). */
export interface Viewer {
  accountId: string | null;
  /** The session's profile (decision 0285): whose resume points apply; null without a session. */
  profileId?: string | null;
  /** The profile's maximum age rating: cards above it are left out (issue 20 §2); no limit when absent. */
  maxRating?: AgeRating;
  vod: boolean;
  lang: Lang;
  now: number;
}

export interface MetaRow {
  meta_id: string;
  meta_type: VodCard['metaType'];
  vod_type: VodCard['vodType'];
  series_id: string | null;
  season_id: string | null;
  season_no: number | null;
  episode_no: number | null;
  no_season: number;
  release_year: number;
  released_at: number;
  rating: number | null;
  duration: number;
  imdb_id: string;
  tmdb_id: string;
  media_quality_list: string;
  drm_type: string;
  asset_id: string | null;
  product_id: string | null;
  sensitive: number;
  playback_valid_time: number | null;
  popularity: number;
  /** Issue 20 §2 (`AGE_RATINGS`); null when unrated. */
  age_rating: string | null;
  title: string;
  plot: string;
}

/**
 * Metas by id with their texts in `lang` (English when a text is missing). On the asynchronous store (issue 39,
 * decision 0429): every VOD call reads its titles here, and on PostgreSQL a synchronous read stopped the process.
 */
export async function getMetas(db: Db, ids: readonly string[], lang: Lang): Promise<Map<string, MetaRow>> {
  const out = new Map<string, MetaRow>();
  if (ids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('vod_metas as m')
    .innerJoin('vod_meta_texts as e', (j) => j.onRef('e.meta_id', '=', 'm.meta_id').on('e.lang', '=', 'en'))
    .leftJoin('vod_meta_texts as t', (j) => j.onRef('t.meta_id', '=', 'm.meta_id').on('t.lang', '=', lang))
    .selectAll('m')
    .select((eb) => [
      eb.fn.coalesce('t.title', 'e.title').as('title'),
      eb.fn.coalesce('t.plot', 'e.plot').as('plot'),
    ])
    .where('m.meta_id', 'in', [...ids])
    .execute();
  for (const r of rows) out.set(r.meta_id, r);
  return out;
}

export async function getMeta(db: Db, id: string, lang: Lang): Promise<MetaRow | undefined> {
  return (await getMetas(db, [id], lang)).get(id);
}

/** Genres of titles (seasons and episodes take their series'), in their order. */
export async function genresOf(
  db: Db,
  ids: readonly string[],
  lang: Lang,
): Promise<Map<string, { genreId: string; name: string }[]>> {
  const out = new Map<string, { genreId: string; name: string }[]>();
  if (ids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('vod_meta_genres as mg')
    .innerJoin('vod_genre_names as e', (j) =>
      j.onRef('e.genre_id', '=', 'mg.genre_id').on('e.lang', '=', 'en'),
    )
    .leftJoin('vod_genre_names as n', (j) =>
      j.onRef('n.genre_id', '=', 'mg.genre_id').on('n.lang', '=', lang),
    )
    .select((eb) => ['mg.meta_id', 'mg.genre_id', eb.fn.coalesce('n.name', 'e.name').as('name')])
    .where('mg.meta_id', 'in', [...ids])
    .orderBy('mg.meta_id')
    .orderBy('mg.seq')
    .execute();
  for (const r of rows) {
    const list = out.get(r.meta_id) ?? [];
    list.push({ genreId: r.genre_id, name: r.name });
    out.set(r.meta_id, list);
  }
  return out;
}

/** The artwork's caption language (decision 0140); English keeps the bare address. */
const artLang = (lang: Lang) => (lang === 'en' ? '' : `?lang=${lang}`);
/** Artwork the server draws (http/art.ts), captioned in the viewer's language: poster 2:3, landscape 16:9. */
export const artUrl = (metaId: string, kind: 'poster' | 'landscape', lang: Lang = 'en') =>
  `${artworkPath(metaId, kind)}${artLang(lang)}`;
/** The banner's picture: the landscape without its drawn title, which the banner writes itself (decision 0363). */
export const backdropUrl = (id: string, lang: Lang = 'en') => `/media/art/${id}/backdrop${artLang(lang)}`;
export const personPhotoUrl = (personId: string, lang: Lang = 'en') =>
  `/media/art/${personId}/portrait.svg${artLang(lang)}`;

export const isLocked = (m: Pick<MetaRow, 'product_id'>, viewer: Viewer) =>
  m.product_id !== null && !viewer.vod;
export const qualities = (m: Pick<MetaRow, 'media_quality_list'>) =>
  m.media_quality_list ? m.media_quality_list.split(',').map(Number) : [];

/** A Card (spec §3) for a meta row. */
export function toCard(
  m: MetaRow,
  genres: { genreId: string; name: string }[],
  viewer: Viewer,
  image: 'poster' | 'landscape' = 'landscape',
  cardId = m.meta_id,
): VodCard {
  const poster = artUrl(m.meta_id, 'poster', viewer.lang);
  const landscape = artUrl(m.meta_id, 'landscape', viewer.lang);
  return {
    cardId,
    metaId: m.meta_id,
    metaType: m.meta_type,
    vodType: m.vod_type,
    title: m.title,
    genres,
    rating: m.rating,
    locked: isLocked(m, viewer),
    poster,
    landscape,
    image: image === 'poster' ? poster : landscape,
    playbackValidTime: m.playback_valid_time,
    // VOD titles have no programme guide of their own: their source is always "normal" (spec §4 epg source).
    epgSourceStatus: 1,
    year: m.release_year,
    noSeason: m.no_season === 1,
    ...(m.age_rating ? { ageRating: m.age_rating } : {}),
  };
}

/** Whether the viewer's profile may see a title of this rating (no profile: no limit). */
export const visibleTo = (m: Pick<MetaRow, 'age_rating'>, viewer: Viewer) =>
  !viewer.maxRating || ratingAllowed(m.age_rating, viewer.maxRating);

/** Cards for ids in the order given; unknown ids, and titles above the profile's rating, are skipped. */
export async function cardsFor(
  db: Db,
  ids: readonly string[],
  viewer: Viewer,
  image: 'poster' | 'landscape' = 'landscape',
  cardIdPrefix = '',
): Promise<VodCard[]> {
  const [metas, genres] = await Promise.all([getMetas(db, ids, viewer.lang), genresOf(db, ids, viewer.lang)]);
  const out: VodCard[] = [];
  for (const id of ids) {
    const m = metas.get(id);
    if (m && visibleTo(m, viewer))
      out.push(toCard(m, genres.get(id) ?? [], viewer, image, cardIdPrefix ? `${cardIdPrefix}:${id}` : id));
  }
  return out;
}
