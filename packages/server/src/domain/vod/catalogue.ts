import {
  type AgeRating,
  artworkPath,
  DEFAULT_LANG,
  isLang,
  type Lang,
  ratingAllowed,
  type VodCard,
} from '@ottkit/api-client/contract';
import type { Db, SqlValue } from '../../store/db.ts';

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

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Metas by id with their texts in `lang` (English when a text is missing). */
export function getMetas(db: Db, ids: readonly string[], lang: Lang): Map<string, MetaRow> {
  const out = new Map<string, MetaRow>();
  if (ids.length === 0) return out;
  const rows = db.all<MetaRow>(
    `SELECT m.*, COALESCE(t.title, e.title) AS title, COALESCE(t.plot, e.plot) AS plot
     FROM vod_metas m
     JOIN vod_meta_texts e ON e.meta_id = m.meta_id AND e.lang = 'en'
     LEFT JOIN vod_meta_texts t ON t.meta_id = m.meta_id AND t.lang = ?
     WHERE m.meta_id IN (${placeholders(ids.length)})`,
    lang,
    ...(ids as SqlValue[]),
  );
  for (const r of rows) out.set(r.meta_id, r);
  return out;
}

export function getMeta(db: Db, id: string, lang: Lang): MetaRow | undefined {
  return getMetas(db, [id], lang).get(id);
}

/** Genres of titles (seasons and episodes take their series'), in their order. */
export function genresOf(
  db: Db,
  ids: readonly string[],
  lang: Lang,
): Map<string, { genreId: string; name: string }[]> {
  const out = new Map<string, { genreId: string; name: string }[]>();
  if (ids.length === 0) return out;
  const rows = db.all<{ meta_id: string; genre_id: string; name: string }>(
    `SELECT mg.meta_id, mg.genre_id, COALESCE(n.name, e.name) AS name
     FROM vod_meta_genres mg
     JOIN vod_genre_names e ON e.genre_id = mg.genre_id AND e.lang = 'en'
     LEFT JOIN vod_genre_names n ON n.genre_id = mg.genre_id AND n.lang = ?
     WHERE mg.meta_id IN (${placeholders(ids.length)})
     ORDER BY mg.meta_id, mg.seq`,
    lang,
    ...(ids as SqlValue[]),
  );
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
export function cardsFor(
  db: Db,
  ids: readonly string[],
  viewer: Viewer,
  image: 'poster' | 'landscape' = 'landscape',
  cardIdPrefix = '',
): VodCard[] {
  const metas = getMetas(db, ids, viewer.lang);
  const genres = genresOf(db, ids, viewer.lang);
  const out: VodCard[] = [];
  for (const id of ids) {
    const m = metas.get(id);
    if (m && visibleTo(m, viewer))
      out.push(toCard(m, genres.get(id) ?? [], viewer, image, cardIdPrefix ? `${cardIdPrefix}:${id}` : id));
  }
  return out;
}
