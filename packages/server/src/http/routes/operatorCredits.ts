import { titleCredits, titleCreditsSave } from '@ottkit/api-client/contract';
import { recordAudit } from '../../operator/audit.ts';
import {
  creditNames,
  saveTitleCredits,
  titleCreditsNow,
  titleCreditsOf,
} from '../../operator/titleCredits.ts';
import { existingTitle, titleOrThrow } from '../../operator/titles.ts';
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
  route(titleCreditsSave, (ctx, req) => {
    const { metaId, ...form } = req;
    const title = titleOrThrow(ctx.db, ctx.config.dataDir, metaId);
    const before = titleCreditsOf(ctx.db, metaId);
    saveTitleCredits(ctx.db, metaId, form, title.status === 'published');
    const credits = titleCreditsOf(ctx.db, metaId);
    recordAudit(ctx.db, actorFor(ctx), 'title.credits', metaId, { before, after: credits }, ctx.now());
    return { credits };
  }),
];
