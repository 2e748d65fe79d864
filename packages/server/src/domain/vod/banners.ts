import { drawnLogoUrl } from '../../media/logoPaths.ts';
import type { BannerItem } from '@ottkit/api-client/contract';
import type { Db } from '../../store/db.ts';
import { artUrl, backdropUrl, genresOf, getMetas, type Viewer, visibleTo } from './catalogue.ts';
import { resumePosition } from './profile.ts';

interface BannerRow {
  banner_item_id: string;
  link_type: BannerItem['linkType'];
  link_id: string;
  meta_id: string | null;
  customized_display_info: string;
  start_time: number;
  title: string;
  description: string;
}

/**
 * The banner carousel (spec §3 Banner item): the home one, or a VOD category's. A VOD_CONTENT banner
 * carries its title's fields (and, for a series, the episode the viewer last played); a LIVE_CHANNEL
 * banner carries the channel's logo and name from the line-up. A banner to a title rated above the profile's
 * maximum is left out (issue 20 §2); banners to a list or a channel stay. The site's shared home part, asked
 * without a session, filters by the `ageRating` each VOD_CONTENT banner carries (`lib/homeRating.ts`).
 */
export function bannerList(db: Db, viewer: Viewer, vodType?: string): BannerItem[] {
  const rows = db.all<BannerRow>(
    `SELECT b.*, COALESCE(t.title, e.title) AS title, COALESCE(t.description, e.description) AS description
     FROM vod_banners b
     JOIN vod_banner_texts e ON e.banner_item_id = b.banner_item_id AND e.lang = 'en'
     LEFT JOIN vod_banner_texts t ON t.banner_item_id = b.banner_item_id AND t.lang = ?
     WHERE ${vodType ? 'b.vod_type = ?' : 'b.vod_type IS NULL'} AND b.start_time <= ?
     ORDER BY b.seq`,
    viewer.lang,
    ...(vodType ? [vodType] : []),
    viewer.now,
  );
  const metaIds = rows.flatMap((r) => (r.meta_id ? [r.meta_id] : []));
  const metas = getMetas(db, metaIds, viewer.lang);
  const genres = genresOf(db, metaIds, viewer.lang);
  const shown = rows.filter((r) => {
    const m = r.meta_id ? metas.get(r.meta_id) : undefined;
    return !m || visibleTo(m, viewer);
  });
  return shown.map((r) => {
    const m = r.meta_id ? metas.get(r.meta_id) : undefined;
    const artId = m?.meta_id ?? r.link_id;
    const landscape = artUrl(artId, 'landscape', viewer.lang);
    const base: BannerItem = {
      bannerItemId: r.banner_item_id,
      title: m?.title ?? r.title,
      description: r.description,
      plot: m?.plot ?? r.description,
      genres: (m ? (genres.get(m.meta_id) ?? []) : []).map((g) => ({ name: g.name })),
      metaType: m?.meta_type ?? null,
      metaId: m?.meta_id ?? null,
      linkType: r.link_type,
      linkId: r.link_id,
      hasEpgSource: false,
      playbackValidTime: m?.playback_valid_time ?? null,
      historyEpisode: null,
      noSeason: m ? m.no_season === 1 : false,
      posterLandscape: landscape,
      poster: artUrl(artId, 'poster', viewer.lang),
      // The slide's picture (the thumbnail strip keeps the landscape, whose drawn title names it).
      landscape: [{ url: backdropUrl(artId, viewer.lang) }],
      customizedDisplayInfo: r.customized_display_info,
      mediaVideoList: [],
      startTime: r.start_time,
      ...(m?.age_rating ? { ageRating: m.age_rating } : {}),
    };
    if (m?.meta_type === 'SERIES') {
      const last = resumePosition(db, viewer.profileId ?? null, m);
      if (last?.episode != null) base.historyEpisode = { metaId: last.metaId, episode: last.episode };
    }
    if (r.link_type === 'LIVE_CHANNEL') {
      const ch = db.get<{ logical_channel_name: string; icon_url: string; epg_id: string }>(
        'SELECT logical_channel_name, icon_url, epg_id FROM channels WHERE logical_channel_id = ?',
        r.link_id,
      );
      base.hasEpgSource = Boolean(ch?.epg_id);
      base.mediaVideoList = [
        {
          iconUrl: ch?.icon_url ?? drawnLogoUrl(r.link_id),
          logicChannelName: ch?.logical_channel_name ?? r.title,
        },
      ];
    }
    return base;
  });
}
