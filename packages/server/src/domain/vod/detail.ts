import type { EpisodeItem, VodDetail } from '@ottkit/api-client/contract';
import { VodErrCode } from '@ottkit/api-client/contract';
import { DomainError } from '../errors.ts';
import type { Db } from '../../store/db.ts';
import {
  artUrl,
  genresOf,
  getMeta,
  getMetas,
  isLocked,
  type MetaRow,
  personPhotoUrl,
  qualities,
  type Viewer,
} from './catalogue.ts';
import { type Page, pageOf } from './paging.ts';
import { resumePosition } from './profile.ts';

export async function requireMeta(db: Db, metaId: string, viewer: Viewer): Promise<MetaRow> {
  const m = await getMeta(db, metaId, viewer.lang);
  if (!m) throw new DomainError(VodErrCode.META_NOT_FOUND, `No title with metaId '${metaId}'`);
  return m;
}

/** The title a season or an episode belongs to owns the genres, people and trailers. */
const ownerId = (m: MetaRow) => m.series_id ?? m.meta_id;

async function credits(db: Db, metaId: string, lang: Viewer['lang']): Promise<VodDetail['credits']> {
  const rows = await db.kysely
    .selectFrom('vod_credits as c')
    .innerJoin('vod_people as p', 'p.person_id', 'c.person_id')
    .select(['c.person_id', 'p.name', 'c.role', 'c.character_name'])
    .where('c.meta_id', '=', metaId)
    .orderBy('c.seq')
    .execute();
  return rows.map((r) => ({
    personId: r.person_id,
    name: r.name,
    role: r.role,
    character: r.character_name,
    photo: personPhotoUrl(r.person_id, lang),
  }));
}

/** Episodes of a series in play order (season, then episode). */
function seriesEpisodes(db: Db, seriesId: string): Promise<{ meta_id: string; season_no: number | null }[]> {
  return db.kysely
    .selectFrom('vod_metas')
    .select(['meta_id', 'season_no'])
    .where('series_id', '=', seriesId)
    .where('meta_type', '=', 'EPISODE')
    .orderBy((eb) => eb.fn.coalesce('season_no', eb.lit(0)))
    .orderBy('episode_no')
    .orderBy('meta_id')
    .execute();
}

export async function hasTrailer(db: Db, m: MetaRow): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('vod_trailers')
    .select('trailer_id')
    .where('meta_id', '=', ownerId(m))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of a series' seasons, in order. */
async function seasonIdsOf(db: Db, m: MetaRow): Promise<string[]> {
  if (m.meta_type !== 'SERIES') return [];
  const rows = await db.kysely
    .selectFrom('vod_metas')
    .select('meta_id')
    .where('series_id', '=', m.meta_id)
    .where('meta_type', '=', 'SEASON')
    .orderBy('season_no')
    .execute();
  return rows.map((s) => s.meta_id);
}

/** The VOD detail (spec §3) of a movie, series, season or episode, with the viewer's resume position. */
export async function detailOf(db: Db, m: MetaRow, viewer: Viewer): Promise<VodDetail> {
  const owner = ownerId(m);
  // Everything the detail reads besides the title itself, at once.
  const [related, episodes, seasons, genres, trailer, people, history] = await Promise.all([
    getMetas(
      db,
      [m.series_id, m.season_id].filter((id): id is string => id !== null),
      viewer.lang,
    ),
    m.meta_type === 'EPISODE' && m.series_id ? seriesEpisodes(db, m.series_id) : [],
    seasonIdsOf(db, m),
    genresOf(db, [owner], viewer.lang),
    hasTrailer(db, m),
    credits(db, owner, viewer.lang),
    resumePosition(db, viewer.profileId ?? null, m),
  ]);
  const series = m.series_id ? related.get(m.series_id) : undefined;
  const season = m.season_id ? related.get(m.season_id) : undefined;
  const at = episodes.findIndex((e) => e.meta_id === m.meta_id);
  const nextEpisodeId = at >= 0 ? (episodes[at + 1]?.meta_id ?? null) : null;
  const seasonMetas = await getMetas(db, seasons, viewer.lang);
  const poster = artUrl(m.meta_id, 'poster', viewer.lang);
  const landscape = artUrl(m.meta_id, 'landscape', viewer.lang);
  return {
    metaId: m.meta_id,
    metaType: m.meta_type,
    vodType: m.vod_type,
    seasonId: m.season_id ?? (m.meta_type === 'SEASON' ? m.meta_id : null),
    seasonTitle: season?.title ?? (m.meta_type === 'SEASON' ? m.title : null),
    seriesId: m.series_id ?? (m.meta_type === 'SERIES' ? m.meta_id : null),
    seriesTitle: series?.title ?? (m.meta_type === 'SERIES' ? m.title : null),
    episodeId: m.meta_type === 'EPISODE' ? m.meta_id : null,
    episode: m.episode_no,
    season: m.season_no,
    title: m.title,
    plot: m.plot,
    genres: genres.get(owner) ?? [],
    rating: m.rating,
    year: m.release_year,
    duration: m.duration,
    imdbId: m.imdb_id,
    tmdbId: m.tmdb_id,
    noSeason: m.no_season === 1,
    audioPosters: m.vod_type === 'audio' ? [{ url: poster }, { url: landscape }] : [],
    mediaQualityList: qualities(m),
    url: `/vod/detail/${m.meta_id}`,
    drmType: m.drm_type,
    epgProgramInfo: null,
    poster,
    landscape,
    locked: isLocked(m, viewer),
    playbackValidTime: m.playback_valid_time,
    hasTrailer: trailer,
    playable: m.asset_id !== null,
    credits: people,
    seasons: seasons.flatMap((id) => {
      const s = seasonMetas.get(id);
      return s ? [{ metaId: id, season: s.season_no ?? 0, title: s.title }] : [];
    }),
    nextEpisodeId,
    history,
    sensitive: m.sensitive === 1,
  };
}

export async function batchDetail(db: Db, ids: readonly string[], viewer: Viewer): Promise<VodDetail[]> {
  const metas = await getMetas(db, ids, viewer.lang);
  const found = ids.flatMap((id) => {
    const m = metas.get(id);
    return m ? [m] : [];
  });
  return Promise.all(found.map((m) => detailOf(db, m, viewer)));
}

export interface EpisodeList extends Page<EpisodeItem> {
  seriesId: string;
  seasonId: string | null;
  season: number | null;
}

/**
 * Episodes of a season (its id, or a series id with `season`; the first season when neither picks one).
 * A series without seasons (noSeason) lists all its episodes.
 */
export async function episodeList(
  db: Db,
  m: MetaRow,
  viewer: Viewer,
  opts: { season?: number; pageId: number; pageSize: number },
): Promise<EpisodeList> {
  if (m.meta_type !== 'SERIES' && m.meta_type !== 'SEASON') {
    throw new DomainError(
      VodErrCode.META_NOT_FOUND,
      `metaId '${m.meta_id}' is a ${m.meta_type}, not a series or season`,
    );
  }
  const seriesId = m.meta_type === 'SERIES' ? m.meta_id : (m.series_id as string);
  let seasonId: string | null = m.meta_type === 'SEASON' ? m.meta_id : null;
  let seasonNo: number | null = m.meta_type === 'SEASON' ? m.season_no : null;
  if (m.meta_type === 'SERIES' && m.no_season === 0) {
    const { season } = opts;
    const s = await db.kysely
      .selectFrom('vod_metas')
      .select(['meta_id', 'season_no'])
      .where('series_id', '=', seriesId)
      .where('meta_type', '=', 'SEASON')
      .$if(season !== undefined, (q) => q.where('season_no', '=', season as number))
      .orderBy('season_no')
      .limit(1)
      .executeTakeFirst();
    if (!s)
      throw new DomainError(VodErrCode.META_NOT_FOUND, `Series '${seriesId}' has no season ${opts.season}`);
    seasonId = s.meta_id;
    seasonNo = s.season_no;
  }
  const ids = (
    await db.kysely
      .selectFrom('vod_metas')
      .select('meta_id')
      .where('series_id', '=', seriesId)
      .where('meta_type', '=', 'EPISODE')
      .where('season_id', seasonId ? '=' : 'is', seasonId)
      .orderBy('episode_no')
      .orderBy('meta_id')
      .execute()
  ).map((r) => r.meta_id);
  const page = pageOf(ids, opts.pageId, opts.pageSize);
  const metas = await getMetas(db, page.list, viewer.lang);
  return {
    ...page,
    seriesId,
    seasonId,
    season: seasonNo,
    list: page.list.flatMap((id) => {
      const e = metas.get(id);
      if (!e) return [];
      return [
        {
          metaId: e.meta_id,
          episode: e.episode_no ?? 0,
          title: e.title,
          season: e.season_no,
          plot: e.plot,
          duration: e.duration,
          landscape: artUrl(e.meta_id, 'landscape', viewer.lang),
          locked: isLocked(e, viewer),
        },
      ];
    }),
  };
}
