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
import { sessionProfileIdOf, sessionProfileOf } from './profileContext.ts';
import { viewerOf } from './vodViewer.ts';

/** Favourites (users only), watch history and the play-progress report (spec §3, §7 /api/profile). */
const v = contract.vod;

export const vodProfileRoutes: Route[] = [
  route(v.favorMetaList, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    const page = pageOf(await favorites(ctx.db, await sessionProfileIdOf(ctx)), req.pageId, req.pageSize);
    const cards = new Map(
      (
        await cardsFor(
          ctx.db,
          page.list.map((f) => f.metaId),
          viewer,
        )
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
  route(v.favorBatchSearchHasFavored, async (ctx, req) => ({
    list: await hasFavored(ctx.db, await sessionProfileIdOf(ctx), req.metaIds),
  })),
  route(v.favorAdd, async (ctx, req) =>
    favorAdd(ctx.db, await sessionProfileIdOf(ctx), req.metaId, ctx.now()),
  ),
  route(v.favorBatchDelete, async (ctx, req) => ({
    deleted: await favorDelete(ctx.db, await sessionProfileIdOf(ctx), req.metaIds),
  })),
  route(v.historyMetaList, async (ctx, req) => {
    const viewer = await viewerOf(ctx);
    const page = pageOf(
      await historyEntries(ctx.db, await sessionProfileIdOf(ctx)),
      req.pageId,
      req.pageSize,
    );
    const cards = new Map(
      (
        await cardsFor(
          ctx.db,
          page.list.map((h) => h.entryId),
          viewer,
        )
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
  route(v.historyAdd, async (ctx, req) =>
    historyAdd(ctx.db, await sessionProfileOf(ctx), req.metaId, ctx.now(), req.playedTime, req.totalDuration),
  ),
  route(v.historyBatchDelete, async (ctx, req) => ({
    deleted: await historyDelete(ctx.db, await sessionProfileIdOf(ctx), req.metaIds),
  })),
  route(v.playProgressReport, async (ctx, req) =>
    reportProgress(ctx.db, await sessionProfileOf(ctx), req, ctx.now()),
  ),
];
