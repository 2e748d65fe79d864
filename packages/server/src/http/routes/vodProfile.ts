import { contract } from '@ottkit/api-client/contract';
import { cardsFor } from '../../domain/vod/catalogue.ts';
import { pageOf } from '../../domain/vod/paging.ts';
import {
  favorAdd,
  favorDelete,
  favorites,
  hasFavored,
  historyAdd,
  historyDelete,
  historyEntries,
  reportProgress,
} from '../../domain/vod/profile.ts';
import { type Route, route } from '../route.ts';
import { sessionProfileIdOf } from './profileContext.ts';
import { viewerOf } from './vodViewer.ts';

/** Favourites (users only), watch history and the play-progress report (spec §3, §7 /api/profile). */
const v = contract.vod;

export const vodProfileRoutes: Route[] = [
  route(v.favorMetaList, (ctx, req) => {
    const viewer = viewerOf(ctx);
    const page = pageOf(favorites(ctx.db, sessionProfileIdOf(ctx)), req.pageId, req.pageSize);
    const cards = new Map(
      cardsFor(
        ctx.db,
        page.list.map((f) => f.metaId),
        viewer,
      ).map((c) => [c.metaId, c]),
    );
    return {
      ...page,
      list: page.list.flatMap((f) => {
        const c = cards.get(f.metaId);
        return c ? [{ ...c, favoredAt: f.favoredAt }] : [];
      }),
    };
  }),
  route(v.favorBatchSearchHasFavored, (ctx, req) => ({
    list: hasFavored(ctx.db, sessionProfileIdOf(ctx), req.metaIds),
  })),
  route(v.favorAdd, (ctx, req) => favorAdd(ctx.db, sessionProfileIdOf(ctx), req.metaId, ctx.now())),
  route(v.favorBatchDelete, (ctx, req) => ({
    deleted: favorDelete(ctx.db, sessionProfileIdOf(ctx), req.metaIds),
  })),
  route(v.historyMetaList, (ctx, req) => {
    const viewer = viewerOf(ctx);
    const page = pageOf(historyEntries(ctx.db, sessionProfileIdOf(ctx)), req.pageId, req.pageSize);
    const cards = new Map(
      cardsFor(
        ctx.db,
        page.list.map((h) => h.entryId),
        viewer,
      ).map((c) => [c.metaId, c]),
    );
    return {
      ...page,
      list: page.list.flatMap((h) => {
        const c = cards.get(h.entryId);
        if (!c) return [];
        const episode = h.position.metaId !== h.entryId && h.position.episode !== null;
        return [
          {
            ...c,
            historyEpisode: episode
              ? { metaId: h.position.metaId, episode: h.position.episode as number }
              : null,
            position: h.position,
          },
        ];
      }),
    };
  }),
  route(v.historyAdd, (ctx, req) =>
    historyAdd(ctx.db, sessionProfileIdOf(ctx), req.metaId, ctx.now(), req.playedTime, req.totalDuration),
  ),
  route(v.historyBatchDelete, (ctx, req) => ({
    deleted: historyDelete(ctx.db, sessionProfileIdOf(ctx), req.metaIds),
  })),
  route(v.playProgressReport, (ctx, req) =>
    reportProgress(ctx.db.kysely, sessionProfileIdOf(ctx), req, ctx.now()),
  ),
];
