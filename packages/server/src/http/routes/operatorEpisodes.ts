import {
  OperatorErrCode,
  titleEpisodeAdd,
  titleParts,
  titleSeasonAdd,
  titleUnpublish,
} from '@ottkit/api-client/contract';
import { auditStatement } from '../../operator/audit.ts';
import {
  addPartSteps,
  type PartForm,
  type PartProblem,
  unpublishTitleSteps,
} from '../../operator/titleSeries.ts';
import { existingTitle, existingTitleSteps, partsNow } from '../../operator/titles.ts';
import { query, transactionally } from '../../store/kysely/transactionally.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor, operatorOf } from './operator.ts';

/** Issue 18 §4: seasons and episodes of console series, and taking a title out of the catalogue (0280). */
const refused: Record<PartProblem, () => HttpError> = {
  'no-series': () => new HttpError(OperatorErrCode.NOT_FOUND, 'No such series: create the series first', 404),
  'no-season': () =>
    new HttpError(OperatorErrCode.NOT_FOUND, 'The series has no such season: add the season first', 404),
  taken: () => new HttpError(OperatorErrCode.PART_TAKEN, 'That number is taken in this series', 409),
};

async function addRoute(ctx: RequestContext, req: PartForm, action: string) {
  const { db, config } = ctx;
  const title = await transactionally(db, function* () {
    const made = yield* addPartSteps(db, req, operatorOf(ctx).operator.operator_id, ctx.now());
    if (made in refused) throw refused[made as PartProblem]();
    const after = yield* existingTitleSteps(db, config.dataDir, made);
    yield* query(auditStatement(db, actorFor(ctx), action, made, { after }, ctx.now()));
    return after;
  });
  return { title };
}

export const operatorEpisodeRoutes = [
  route(titleParts, async (ctx, req) => {
    await existingTitle(ctx.db, ctx.config.dataDir, req.metaId);
    return { parts: await partsNow(ctx.db, ctx.config.dataDir, req.metaId) };
  }),
  route(titleSeasonAdd, (ctx, req) => addRoute(ctx, req, 'title.season.add')),
  route(titleEpisodeAdd, (ctx, req) => addRoute(ctx, req, 'title.episode.add')),
  route(titleUnpublish, async (ctx, req) => {
    const { db, config } = ctx;
    const title = await transactionally(db, function* () {
      const before = yield* existingTitleSteps(db, config.dataDir, req.metaId);
      if (before.seriesId) {
        throw new HttpError(
          OperatorErrCode.NOT_READY,
          'Unpublish the series: its seasons and episodes go with it',
          409,
        );
      }
      yield* unpublishTitleSteps(db, req.metaId, ctx.now());
      const after = yield* existingTitleSteps(db, config.dataDir, req.metaId);
      const change = { before: { status: before.status }, after: { status: after.status } };
      yield* query(auditStatement(db, actorFor(ctx), 'title.unpublish', req.metaId, change, ctx.now()));
      return after;
    });
    return { title };
  }),
];
