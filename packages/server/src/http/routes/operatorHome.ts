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
import {
  addHomeBanner,
  addHomeRow,
  changeHome,
  type HomeChange,
  type HomeLayout,
  homeLayout,
  orderHome,
  removeHomeBanner,
  removeHomeRow,
} from '../../operator/homeLayout.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor } from './operator.ts';

/** Runs a change of the home layout, audited with the layout before and after (or the new order). */
async function changing(
  ctx: RequestContext,
  action: string,
  target: string,
  change: HomeChange,
  orNot: () => HttpError,
  audited?: unknown,
): Promise<HomeLayout> {
  const entry = { actor: actorFor(ctx), action, target, now: ctx.now() };
  const after = await changeHome(ctx.db, entry, change, audited);
  if (!after) throw orNot();
  return after;
}

const nothing = (target: string) => () =>
  new HttpError(OperatorErrCode.NOT_FOUND, `Nothing on the home page is '${target}'`, 404);

const sameSet = () =>
  new HttpError(ErrCode.INVALID_REQUEST, 'Send every item of the list once, in the new order', 400);

/** Issue 18 §4: the home page's banners and rows (editor; support reads). */
export const operatorHomeRoutes = [
  route(homeGet, (ctx) => homeLayout(ctx.db)),
  route(homeBannerAdd, (ctx, req) =>
    changing(ctx, 'home.banner.add', req.metaId, addHomeBanner(req.metaId, ctx.now()), nothing(req.metaId)),
  ),
  route(homeBannerRemove, (ctx, req) =>
    changing(
      ctx,
      'home.banner.remove',
      req.bannerItemId,
      removeHomeBanner(req.bannerItemId),
      nothing(req.bannerItemId),
    ),
  ),
  route(homeBannerOrder, (ctx, req) =>
    changing(
      ctx,
      'home.banner.order',
      'home',
      orderHome('banners', req.bannerItemIds),
      sameSet,
      req.bannerItemIds,
    ),
  ),
  route(homeRowAdd, (ctx, req) =>
    changing(ctx, 'home.row.add', req.name, addHomeRow(req.name, req.rule), nothing(req.name)),
  ),
  route(homeRowRemove, (ctx, req) =>
    changing(ctx, 'home.row.remove', req.playlistId, removeHomeRow(req.playlistId), nothing(req.playlistId)),
  ),
  route(homeRowOrder, (ctx, req) =>
    changing(ctx, 'home.row.order', 'home', orderHome('rows', req.playlistIds), sameSet, req.playlistIds),
  ),
];
