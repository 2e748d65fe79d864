import { titleCredits, titleCreditsSave } from '@ottkit/api-client/contract';
import { auditStatement } from '../../operator/audit.ts';
import {
  creditNames,
  creditsSteps,
  saveTitleCreditsSteps,
  titleCreditsNow,
} from '../../operator/titleCredits.ts';
import { existingTitle, existingTitleSteps } from '../../operator/titles.ts';
import { query, transactionally } from '../../store/kysely/transactionally.ts';
import { route } from '../route.ts';
import { actorFor } from './operator.ts';

/** Issue 18 §4: people and genres of console titles (decision 0238; editor writes, support reads). */
export const operatorCreditRoutes = [
  route(titleCredits, async (ctx, req) => {
    await existingTitle(ctx.db, ctx.config.dataDir, req.metaId);
    const [credits, names] = await Promise.all([
      titleCreditsNow(ctx.db, req.metaId),
      creditNames(ctx.db, ctx.lang),
    ]);
    return { credits, ...names };
  }),
  route(titleCreditsSave, async (ctx, req) => {
    const { metaId, ...form } = req;
    const { db, config } = ctx;
    const credits = await transactionally(db, function* () {
      const title = yield* existingTitleSteps(db, config.dataDir, metaId);
      const before = yield* creditsSteps(db, metaId);
      yield* saveTitleCreditsSteps(db, metaId, form, title.status === 'published');
      const after = yield* creditsSteps(db, metaId);
      yield* query(auditStatement(db, actorFor(ctx), 'title.credits', metaId, { before, after }, ctx.now()));
      return after;
    });
    return { credits };
  }),
];
