import { ErrCode } from '@ottkit/api-client';
import {
  guideMap,
  guideUnmap,
  guideUnmapped,
  OperatorErrCode,
  REFRESH_MINUTES,
  sourceAdd,
  sourceEdit,
  sourceImport,
  sourceList,
  sourcePreview,
  sourceRefresh,
  sourceRemove,
  sourceStatus,
} from '@ottkit/api-client/contract';
import { FREE_PRODUCT_ID } from '../../domain/authority.ts';
import { startSourceJob } from '../../operator/sourceJobs.ts';
import { previewSource, upstreamLimits } from '../../sources/importer.ts';
import { lineupImporter } from '../../sources/lineupImporter.ts';
import {
  addSource,
  editSource,
  mapGuide,
  namedSourceNow,
  publicSource,
  removeSource,
  SourceError,
  unmapGuide,
  unmappedReport,
} from '../../sources/manage.ts';
import { type LineupSource, setSourceGroupsNow, sourcesNow } from '../../store/sources.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor } from './operator.ts';
import { maskSecrets } from '../../upstream/maskSecrets.ts';

/** The domain's words for a caller's mistake become the envelope's; an upstream failure is said in words. */
export async function answering<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if (e instanceof SourceError) {
      const code =
        e.kind === 'exists'
          ? OperatorErrCode.SOURCE_EXISTS
          : e.kind === 'notFound'
            ? OperatorErrCode.NOT_FOUND
            : ErrCode.INVALID_REQUEST;
      throw new HttpError(code, maskSecrets(e.message));
    }
    throw new HttpError(
      OperatorErrCode.SOURCE_FAILED,
      maskSecrets(e instanceof Error ? e.message : String(e)),
    );
  }
}

/** Reads the source from upstream and applies it, as a job the console polls (decisions 0213, 0335). */
export function importJob(ctx: RequestContext, s: LineupSource, kind: 'source.import' | 'source.refresh') {
  const opts = { dataDir: ctx.config.dataDir, now: ctx.now, importer: lineupImporter };
  return startSourceJob(ctx.db, s, kind, actorFor(ctx), opts);
}

/** How a hand mapping's source is re-read: in the data folder, by the server's clock. */
const reread = (ctx: RequestContext) => ({ dataDir: ctx.config.dataDir, now: ctx.now });

/** Issue 16's sources over operator calls (the editor's), on the CLI's domain code. */
export const operatorSourceRoutes = [
  route(sourceList, async (ctx) => ({ sources: (await sourcesNow(ctx.db)).map(publicSource) })),
  route(sourceStatus, (ctx, req) =>
    answering(async () => ({ source: publicSource(await namedSourceNow(ctx.db, req.name)) })),
  ),
  route(sourceAdd, (ctx, req) =>
    answering(async () => {
      const source = await addSource(
        ctx.db,
        {
          name: req.name,
          kind: req.kind,
          location: req.url,
          // An Xtream account's guide is the panel's own unless one is given (sources/importer.ts).
          guideLocation: req.kind === 'xmltv' ? '' : (req.guideUrl ?? ''),
          refreshMinutes: req.refreshMinutes ?? REFRESH_MINUTES.default,
          productId: FREE_PRODUCT_ID,
          xtreamUser: req.user ?? '',
          xtreamPassword: req.password ?? '',
        },
        actorFor(ctx),
        ctx.now(),
      );
      return { source: publicSource(source) };
    }),
  ),
  route(sourceEdit, (ctx, req) =>
    answering(async () => {
      const changes = {
        location: req.url,
        guideLocation: req.guideUrl,
        refreshMinutes: req.refreshMinutes,
        xtreamUser: req.user,
        xtreamPassword: req.password,
      };
      return { source: publicSource(await editSource(ctx.db, req.name, changes, actorFor(ctx), ctx.now())) };
    }),
  ),
  route(sourceRemove, (ctx, req) =>
    answering(async () => ({
      name: req.name,
      channels: await removeSource(ctx.db, req.name, ctx.config.dataDir, actorFor(ctx), ctx.now()),
    })),
  ),
  route(sourcePreview, (ctx, req) =>
    answering(async () => {
      const p = await previewSource(await namedSourceNow(ctx.db, req.name), await upstreamLimits(ctx.db));
      return {
        groups: p.groups,
        channels: p.channels,
        guideLocation: maskSecrets(p.guideLocation),
        skipped: p.skipped.total > 0 ? p.skipped.summary() : '',
      };
    }),
  ),
  route(sourceImport, (ctx, req) =>
    answering(async () => {
      const s = await namedSourceNow(ctx.db, req.name);
      const groups = req.groups?.map((g) => g.trim()).filter(Boolean);
      await setSourceGroupsNow(ctx.db, s.sourceId, groups);
      return { job: await importJob(ctx, { ...s, groups }, 'source.import') };
    }),
  ),
  route(sourceRefresh, (ctx, req) =>
    answering(async () => ({
      job: await importJob(ctx, await namedSourceNow(ctx.db, req.name), 'source.refresh'),
    })),
  ),
  route(guideMap, (ctx, req) =>
    answering(async () => {
      await mapGuide(ctx.db, req.channelId, req.xmltvId, actorFor(ctx), reread(ctx));
      return { channelId: req.channelId, xmltvId: req.xmltvId };
    }),
  ),
  route(guideUnmap, (ctx, req) =>
    answering(async () => {
      await unmapGuide(ctx.db, req.channelId, actorFor(ctx), reread(ctx));
      return { channelId: req.channelId, xmltvId: null };
    }),
  ),
  route(guideUnmapped, async (ctx) => {
    const r = await unmappedReport(ctx.db);
    return {
      imported: r.imported,
      channels: r.channels.map(({ channel: c, candidates }) => ({
        channelId: c.logicalChannelId,
        name: c.name,
        tvgId: c.tvgId ?? '',
        candidates: candidates.map((x) => ({ xmltvId: x.xmltvId, name: x.name, score: x.score })),
      })),
    };
  }),
];
