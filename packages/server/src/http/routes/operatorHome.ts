import { ErrCode } from '@ottkit/api-client';
import {
  homeBannerAdd,
  homeBannerOrder,
  homeBannerRemove,
  homeGet,
  homeRowAdd,
  homeRowOrder,
  homeRowRemove,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { recordAudit } from '../../operator/audit.ts';
import {
  addHomeBanner,
  addHomeRow,
  type HomeLayout,
  homeLayout,
  orderHome,
  removeHomeBanner,
  removeHomeRow,
} from '../../operator/homeLayout.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor } from './operator.ts';

/** Runs a change of the home layout and audits it with the layout before and after. */
async function changing(
  ctx: RequestContext,
  action: string,
  target: string,
  change: () => boolean,
): Promise<HomeLayout> {
  const before = await homeLayout(ctx.db);
  if (!change())
    throw new HttpError(OperatorErrCode.NOT_FOUND, `Nothing on the home page is '${target}'`, 404);
  const after = await homeLayout(ctx.db);
  recordAudit(ctx.db, actorFor(ctx), action, target, { before, after }, ctx.now());
  return after;
}

const sameSet = () =>
  new HttpError(ErrCode.INVALID_REQUEST, 'Send every item of the list once, in the new order', 400);

/** Issue 18 §4: the home page's banners and rows (editor; support reads). */
export const operatorHomeRoutes = [
  route(homeGet, (ctx) => homeLayout(ctx.db)),
  route(homeBannerAdd, (ctx, req) =>
    changing(ctx, 'home.banner.add', req.metaId, () => !!addHomeBanner(ctx.db, req.metaId, ctx.now())),
  ),
  route(homeBannerRemove, (ctx, req) =>
    changing(ctx, 'home.banner.remove', req.bannerItemId, () => removeHomeBanner(ctx.db, req.bannerItemId)),
  ),
  route(homeBannerOrder, async (ctx, req) => {
    if (!(await orderHome(ctx.db, 'banners', [...req.bannerItemIds]))) throw sameSet();
    const after = await homeLayout(ctx.db);
    recordAudit(ctx.db, actorFor(ctx), 'home.banner.order', 'home', { after: req.bannerItemIds }, ctx.now());
    return after;
  }),
  route(homeRowAdd, (ctx, req) =>
    changing(ctx, 'home.row.add', req.name, () => !!addHomeRow(ctx.db, req.name, req.rule)),
  ),
  route(homeRowRemove, (ctx, req) =>
    changing(ctx, 'home.row.remove', req.playlistId, () => removeHomeRow(ctx.db, req.playlistId)),
  ),
  route(homeRowOrder, async (ctx, req) => {
    if (!(await orderHome(ctx.db, 'rows', [...req.playlistIds]))) throw sameSet();
    const after = await homeLayout(ctx.db);
    recordAudit(ctx.db, actorFor(ctx), 'home.row.order', 'home', { after: req.playlistIds }, ctx.now());
    return after;
  }),
];
