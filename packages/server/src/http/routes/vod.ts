import { contract } from '@ottkit/api-client/contract';
import { cardsFor } from '../../domain/vod/catalogue.ts';
import { batchDetail, detailOf, episodeList, requireMeta } from '../../domain/vod/detail.ts';
import { filmography, personDetail } from '../../domain/vod/people.ts';
import { assertPlayable, signedVodUrl, trailersOf } from '../../domain/vod/playSource.ts';
import { mediaTokenTtlSec } from '../../domain/appConfig.ts';
import { batchPlaylist, playlistRoot } from '../../domain/vod/playlists.ts';
import { resumePosition } from '../../domain/vod/profile.ts';
import { moreLikeThis } from '../../domain/vod/recommend.ts';
import { rankedSearch } from '../../domain/vod/search.ts';
import { recordSearch, topSearches } from '../../domain/vod/topSearches.ts';
import { type RequestContext, type Route, route } from '../route.ts';
import { vodProfileRoutes } from './vodProfile.ts';
import { accountOf, viewerOf } from './vodViewer.ts';
import { profileOfSession } from './profileContext.ts';
import { assertRatingAllowed } from '../../domain/profiles.ts';
import { titleRating } from '../../store/ratings.ts';

/** The VOD API catalogue calls (spec §7), token in the query. */
const v = contract.vod;

/** Refused above the session's profile's rating unless the parental PIN allows this play (issue 20 §2). */
async function ratingAllows(
  ctx: RequestContext,
  metaId: string,
  parentalPin: string | undefined,
  now: number,
) {
  const profile = await profileOfSession(ctx);
  if (profile)
    await assertRatingAllowed(ctx.db, profile, await titleRating(ctx.db, metaId), parentalPin, now);
}

const catalogueRoutes: Route[] = [
  route(v.playlistRoot, async (ctx, req) => ({
    playlists: await playlistRoot(ctx.db, (await viewerOf(ctx)).lang, req.levelType),
  })),
  route(v.batchPlaylist, async (ctx, req) => ({
    playlists: await batchPlaylist(ctx.db, await viewerOf(ctx), req),
  })),
  route(v.playSource, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    const m = await requireMeta(ctx.db, req.metaId, viewer);
    const assetId = assertPlayable(m, viewer);
    await ratingAllows(ctx, m.meta_id, req.parentalPin, viewer.now);
    const signed = signedVodUrl(
      ctx.config.secret,
      assetId,
      accountOf(ctx),
      viewer.now,
      await mediaTokenTtlSec(ctx.db),
      ctx.session?.sessionId,
      m.meta_id,
    );
    return {
      metaId: m.meta_id,
      ...signed,
      drmType: m.drm_type,
      mediaQualityList: m.media_quality_list ? m.media_quality_list.split(',').map(Number) : [],
      history: await resumePosition(ctx.db, viewer.profileId ?? null, m),
    };
  }),
  route(v.trailer, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    const m = await requireMeta(ctx.db, req.metaId, viewer);
    // A trailer shows the title's scenes: the same rating rule as the title itself (issue 35).
    await ratingAllows(ctx, m.meta_id, req.parentalPin, viewer.now);
    const ttlSec = await mediaTokenTtlSec(ctx.db);
    const sessionId = ctx.session?.sessionId;
    return {
      list: (await trailersOf(ctx.db, m)).map((t, i) => ({
        trailerId: t.trailer_id,
        title: `${m.title} · Trailer${i > 0 ? ` ${i + 1}` : ''}`,
        duration: t.duration,
        ...signedVodUrl(ctx.config.secret, t.asset_id, accountOf(ctx), viewer.now, ttlSec, sessionId),
      })),
    };
  }),
  route(v.detail, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    return detailOf(ctx.db, await requireMeta(ctx.db, req.metaId, viewer), viewer);
  }),
  route(v.batchDetail, async (ctx, req) => ({
    list: await batchDetail(ctx.db, req.metaIds, await viewerOf(ctx)),
  })),
  route(v.episodes, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    return episodeList(ctx.db, await requireMeta(ctx.db, req.metaId, viewer), viewer, req);
  }),
  route(v.personDetail, async (ctx, req) => personDetail(ctx.db, req.personId, await viewerOf(ctx))),
  route(v.filmography, async (ctx, req) =>
    filmography(ctx.db, req.personId, await viewerOf(ctx), req.pageId, req.pageSize),
  ),
  route(v.searchTopx, async (ctx, req) => topSearches(ctx.db, req.pageId, req.pageSize, ctx.now())),
  route(v.recommendList, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    await requireMeta(ctx.db, req.metaId, viewer);
    const ids = await moreLikeThis(ctx.db, req.metaId, req.pageSize, req.sensitive);
    return { list: await cardsFor(ctx.db, ids, viewer) };
  }),
  route(v.search, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    const page = await rankedSearch(
      ctx.db,
      req.keyword,
      { vodType: req.vodType, includeSensitive: req.sensitive },
      req.pageId,
      req.pageSize,
    );
    // Only a logged-in user's first page that found something counts towards the top searches: one vote
    // per user and keyword (decision 0130), so paging, repeats, guests and scripts cannot inflate it; nor can
    // the half-typed words of search-as-you-type (suggest).
    if (page.total > 0 && req.pageId === 1 && !req.suggest && ctx.session?.status === 'user') {
      await recordSearch(ctx.db, req.keyword, ctx.session.accountId, viewer.now);
    }
    const cards = new Map(
      (
        await cardsFor(
          ctx.db,
          page.list.map((h) => h.metaId),
          viewer,
        )
      ).map((c) => [c.metaId, c]),
    );
    return {
      ...page,
      list: page.list.flatMap((h) => {
        const c = cards.get(h.metaId);
        return c ? [{ ...c, matchedOn: h.matchedOn }] : [];
      }),
    };
  }),
];

export const vodRoutes: Route[] = [...catalogueRoutes, ...vodProfileRoutes];
