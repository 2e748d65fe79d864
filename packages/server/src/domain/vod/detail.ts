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

export function requireMeta(db: Db, metaId: string, viewer: Viewer): MetaRow {
  const m = getMeta(db, metaId, viewer.lang);
  if (!m) throw new DomainError(VodErrCode.META_NOT_FOUND, `No title with metaId '${metaId}'`);
  return m;
}

/** The title a season or an episode belongs to owns the genres, people and trailers. */
const ownerId = (m: MetaRow) => m.series_id ?? m.meta_id;

function credits(db: Db, metaId: string, lang: Viewer['lang']): VodDetail['credits'] {
  return db
    .all<{
      person_id: string;
      name: string;
      role: VodDetail['credits'][number]['role'];
      character_name: string;
    }>(
      `SELECT c.person_id, p.name, c.role, c.character_name FROM vod_credits c
       JOIN vod_people p ON p.person_id = c.person_id WHERE c.meta_id = ? ORDER BY c.seq`,
      metaId,
    )
    .map((r) => ({
      personId: r.person_id,
      name: r.name,
      role: r.role,
      character: r.character_name,
      photo: personPhotoUrl(r.person_id, lang),
    }));
}

/** Episodes of a series in play order (season, then episode). */
function seriesEpisodes(db: Db, seriesId: string): { meta_id: string; season_no: number | null }[] {
  return db.all(
    `SELECT meta_id, season_no FROM vod_metas WHERE series_id = ? AND meta_type = 'EPISODE'
     ORDER BY COALESCE(season_no, 0), episode_no, meta_id`,
    seriesId,
  );
}

export function hasTrailer(db: Db, m: MetaRow): boolean {
  return (
    (db.get<{ n: number }>('SELECT COUNT(*) AS n FROM vod_trailers WHERE meta_id = ?', ownerId(m))?.n ?? 0) >
    0
  );
}

/** The VOD detail (spec §3) of a movie, series, season or episode, with the viewer's resume position. */
export function detailOf(db: Db, m: MetaRow, viewer: Viewer): VodDetail {
  const owner = ownerId(m);
  const series = m.series_id ? getMeta(db, m.series_id, viewer.lang) : undefined;
  const season = m.season_id ? getMeta(db, m.season_id, viewer.lang) : undefined;
  let nextEpisodeId: string | null = null;
  if (m.meta_type === 'EPISODE' && m.series_id) {
    const eps = seriesEpisodes(db, m.series_id);
    const at = eps.findIndex((e) => e.meta_id === m.meta_id);
    nextEpisodeId = eps[at + 1]?.meta_id ?? null;
  }
  const seasons =
    m.meta_type === 'SERIES'
      ? db
          .all<{ meta_id: string; season_no: number }>(
            "SELECT meta_id, season_no FROM vod_metas WHERE series_id = ? AND meta_type = 'SEASON' ORDER BY season_no",
            m.meta_id,
          )
          .map((s) => s.meta_id)
      : [];
  const seasonMetas = getMetas(db, seasons, viewer.lang);
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
    genres: genresOf(db, [owner], viewer.lang).get(owner) ?? [],
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
    hasTrailer: hasTrailer(db, m),
    playable: m.asset_id !== null,
    credits: credits(db, owner, viewer.lang),
    seasons: seasons.flatMap((id) => {
      const s = seasonMetas.get(id);
      return s ? [{ metaId: id, season: s.season_no ?? 0, title: s.title }] : [];
    }),
    nextEpisodeId,
    history: resumePosition(db, viewer.profileId ?? null, m),
    sensitive: m.sensitive === 1,
  };
}

export function batchDetail(db: Db, ids: readonly string[], viewer: Viewer): VodDetail[] {
  const metas = getMetas(db, ids, viewer.lang);
  return ids.flatMap((id) => {
    const m = metas.get(id);
    return m ? [detailOf(db, m, viewer)] : [];
  });
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
export function episodeList(
  db: Db,
  m: MetaRow,
  viewer: Viewer,
  opts: { season?: number; pageId: number; pageSize: number },
): EpisodeList {
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
    const s = db.get<{ meta_id: string; season_no: number }>(
      `SELECT meta_id, season_no FROM vod_metas WHERE series_id = ? AND meta_type = 'SEASON'
       ${opts.season !== undefined ? 'AND season_no = ?' : ''} ORDER BY season_no LIMIT 1`,
      seriesId,
      ...(opts.season !== undefined ? [opts.season] : []),
    );
    if (!s)
      throw new DomainError(VodErrCode.META_NOT_FOUND, `Series '${seriesId}' has no season ${opts.season}`);
    seasonId = s.meta_id;
    seasonNo = s.season_no;
  }
  const ids = db
    .all<{ meta_id: string }>(
      `SELECT meta_id FROM vod_metas WHERE series_id = ? AND meta_type = 'EPISODE' AND ${seasonId ? 'season_id = ?' : 'season_id IS NULL'}
       ORDER BY episode_no, meta_id`,
      seriesId,
      ...(seasonId ? [seasonId] : []),
    )
    .map((r) => r.meta_id);
  const page = pageOf(ids, opts.pageId, opts.pageSize);
  const metas = getMetas(db, page.list, viewer.lang);
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
