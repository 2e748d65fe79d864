import { profileCalls as p } from '@ottkit/api-client/contract';
import {
  type Caller,
  changeProfile,
  createProfile,
  profileInfo,
  removeProfile,
  selectProfile,
  setPin,
} from '../../domain/profiles.ts';
import { type RequestContext, type Route, route } from '../route.ts';
import { userId } from './liveContext.ts';

/** The caller of a profile call: a logged-in user's account and session. */
function callerOf(ctx: RequestContext): Caller {
  return {
    accountId: userId(ctx),
    sessionId: (ctx.session as NonNullable<RequestContext['session']>).sessionId,
  };
}

/** Profiles and the parental PIN (issue 20 §2, decision 0285). */
export const profileRoutes: Route[] = [
  route(p.profileList, (ctx) => profileInfo(ctx.db, callerOf(ctx), ctx.now())),
  route(p.profileCreate, (ctx, req) => createProfile(ctx.db, callerOf(ctx), req, ctx.now())),
  route(p.profileUpdate, (ctx, req) => changeProfile(ctx.db, callerOf(ctx), req.profileId, req, ctx.now())),
  route(p.profileDelete, (ctx, req) =>
    removeProfile(ctx.db, callerOf(ctx), req.profileId, req.parentalPin, ctx.now()),
  ),
  route(p.profileSelect, (ctx, req) =>
    selectProfile(ctx.db, callerOf(ctx), req.profileId, req.parentalPin, ctx.now()),
  ),
  route(p.parentalPinSet, (ctx, req) =>
    setPin(ctx.db, callerOf(ctx), req.pin, req.currentPin, ctx.config.passwordHashLog2N, ctx.now()),
  ),
];
