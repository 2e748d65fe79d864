import { drawnLogoUrl } from '../../media/logoPaths.ts';
import type { BannerItem } from '@ottkit/api-client/contract';
import type { Db } from '../../store/db.ts';
import { artUrl, backdropUrl, genresOf, getMetas, type Viewer, visibleTo } from './catalogue.ts';
import { resumePosition } from './profile.ts';

/**
 * The banner carousel (spec §3 Banner item): the home one, or a VOD category's. A VOD_CONTENT banner
 * carries its title's fields (and, for a series, the episode the viewer last played); a LIVE_CHANNEL
 * banner carries the channel's logo and name from the line-up. A banner to a title rated above the profile's
 * maximum is left out (issue 20 §2); banners to a list or a channel stay. The site's shared home part, asked
 * without a session, filters by the `ageRating` each VOD_CONTENT banner carries (`lib/homeRating.ts`).
 */
export async function bannerList(db: Db, viewer: Viewer, vodType?: string): Promise<BannerItem[]> {
  const rows = await db.kysely
    .selectFrom('vod_banners as b')
    .innerJoin('vod_banner_texts as e', (j) =>
      j.onRef('e.banner_item_id', '=', 'b.banner_item_id').on('e.lang', '=', 'en'),
    )
    .leftJoin('vod_banner_texts as t', (j) =>
      j.onRef('t.banner_item_id', '=', 'b.banner_item_id').on('t.lang', '=', viewer.lang),
    )
    .selectAll('b')
    .select((eb) => [
      eb.fn.coalesce('t.title', 'e.title').as('title'),
      eb.fn.coalesce('t.description', 'e.description').as('description'),
    ])
    .where('b.vod_type', vodType ? '=' : 'is', vodType ?? null)
    .where('b.start_time', '<=', viewer.now)
    .orderBy('b.seq')
    .execute();
  const metaIds = rows.flatMap((r) => (r.meta_id ? [r.meta_id] : []));
  const channelIds = rows.flatMap((r) => (r.link_type === 'LIVE_CHANNEL' ? [r.link_id] : []));
  const [metas, genres, channels] = await Promise.all([
    getMetas(db, metaIds, viewer.lang),
    genresOf(db, metaIds, viewer.lang),
    channelIds.length === 0
      ? []
      : db.kysely
          .selectFrom('channels')
          .select(['logical_channel_id', 'logical_channel_name', 'icon_url', 'epg_id'])
          .where('logical_channel_id', 'in', channelIds)
          .execute(),
  ]);
  const channelOf = new Map(channels.map((c) => [c.logical_channel_id, c]));
  const shown = rows.filter((r) => {
    const m = r.meta_id ? metas.get(r.meta_id) : undefined;
    return !m || visibleTo(m, viewer);
  });
  return Promise.all(
    shown.map(async (r) => {
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
        const last = await resumePosition(db, viewer.profileId ?? null, m);
        if (last?.episode != null) base.historyEpisode = { metaId: last.metaId, episode: last.episode };
      }
      if (r.link_type === 'LIVE_CHANNEL') {
        const ch = channelOf.get(r.link_id);
        base.hasEpgSource = Boolean(ch?.epg_id);
        base.mediaVideoList = [
          {
            iconUrl: ch?.icon_url ?? drawnLogoUrl(r.link_id),
            logicChannelName: ch?.logical_channel_name ?? r.title,
          },
        ];
      }
      return base;
    }),
  );
}
