import {
  type ConsoleTitle,
  OperatorErrCode,
  titleEpisodeAdd,
  titleParts,
  titleSeasonAdd,
  titleUnpublish,
} from '@ottkit/api-client/contract';
import { recordAudit } from '../../operator/audit.ts';
import { addPart, type PartProblem, unpublishTitle } from '../../operator/titleSeries.ts';
import { existingTitle, partsNow, titleOrThrow } from '../../operator/titles.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor, operatorOf } from './operator.ts';

/** Issue 18 §4: seasons and episodes of console series, and taking a title out of the catalogue (0280). */
const titleOf = (ctx: RequestContext, metaId: string): ConsoleTitle =>
  titleOrThrow(ctx.db, ctx.config.dataDir, metaId);

const refused: Record<PartProblem, () => HttpError> = {
  'no-series': () => new HttpError(OperatorErrCode.NOT_FOUND, 'No such series: create the series first', 404),
  'no-season': () =>
    new HttpError(OperatorErrCode.NOT_FOUND, 'The series has no such season: add the season first', 404),
  taken: () => new HttpError(OperatorErrCode.PART_TAKEN, 'That number is taken in this series', 409),
};

function addRoute(ctx: RequestContext, req: Parameters<typeof addPart>[1], action: string) {
  const made = addPart(ctx.db, req, operatorOf(ctx).operator.operator_id, ctx.now());
  if (made in refused) throw refused[made as PartProblem]();
  const title = titleOf(ctx, made);
  recordAudit(ctx.db, actorFor(ctx), action, made, { after: title }, ctx.now());
  return { title };
}

export const operatorEpisodeRoutes = [
  route(titleParts, async (ctx, req) => {
    await existingTitle(ctx.db, ctx.config.dataDir, req.metaId);
    return { parts: await partsNow(ctx.db, ctx.config.dataDir, req.metaId) };
  }),
  route(titleSeasonAdd, (ctx, req) => addRoute(ctx, req, 'title.season.add')),
  route(titleEpisodeAdd, (ctx, req) => addRoute(ctx, req, 'title.episode.add')),
  route(titleUnpublish, (ctx, req) => {
    const before = titleOf(ctx, req.metaId);
    if (before.seriesId) {
      throw new HttpError(
        OperatorErrCode.NOT_READY,
        'Unpublish the series: its seasons and episodes go with it',
        409,
      );
    }
    unpublishTitle(ctx.db, req.metaId, ctx.now());
    const title = titleOf(ctx, req.metaId);
    recordAudit(
      ctx.db,
      actorFor(ctx),
      'title.unpublish',
      req.metaId,
      { before: { status: before.status }, after: { status: title.status } },
      ctx.now(),
    );
    return { title };
  }),
];
