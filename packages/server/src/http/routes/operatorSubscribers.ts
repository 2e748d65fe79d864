import {
  subscriberEndPlan,
  subscriberGet,
  subscriberGrantPlan,
  subscriberPlans,
  subscriberRevokeSessions,
  subscriberSearch,
} from '@ottkit/api-client/contract';
import {
  endPlan,
  grantPlan,
  revokeSubscriberSessions,
  searchSubscribers,
  subscriberDetail,
} from '../../operator/subscribers.ts';
import { configuredChannels } from '../../mail/delivery.ts';
import { plansNow } from '../../store/plans.ts';
import { route } from '../route.ts';
import { actorFor } from './operator.ts';

/** Support's calls (issue 18 §7): every change audited; answers never carry a password or a token. */
export const operatorSubscriberRoutes = [
  route(subscriberSearch, async (ctx, req) => ({ subscribers: await searchSubscribers(ctx.db, req.q) })),
  route(subscriberGet, async (ctx, req) => ({
    subscriber: await subscriberDetail(ctx.db, req.accountId, ctx.now(), configuredChannels(ctx.config)),
  })),
  route(subscriberPlans, async (ctx) => ({ planList: await plansNow(ctx.db) })),
  route(subscriberGrantPlan, async (ctx, req) => {
    await grantPlan(ctx.db, actorFor(ctx), req.accountId, req.planId, ctx.now());
    return {
      subscriber: await subscriberDetail(ctx.db, req.accountId, ctx.now(), configuredChannels(ctx.config)),
    };
  }),
  route(subscriberEndPlan, async (ctx, req) => {
    await endPlan(ctx.db, actorFor(ctx), req.accountId, req.productId, ctx.now());
    return {
      subscriber: await subscriberDetail(ctx.db, req.accountId, ctx.now(), configuredChannels(ctx.config)),
    };
  }),
  route(subscriberRevokeSessions, async (ctx, req) => {
    await revokeSubscriberSessions(ctx.db, actorFor(ctx), req.accountId, ctx.now());
    return {
      subscriber: await subscriberDetail(ctx.db, req.accountId, ctx.now(), configuredChannels(ctx.config)),
    };
  }),
];
