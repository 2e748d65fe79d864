import { ErrCode } from '@ottkit/api-client';
import {
  login,
  logout,
  modifyPassword,
  refreshToken,
  register,
  resetPassword,
  type SessionResult,
  userInfo,
  verification,
  verificationDelivery,
  visitorLogin,
} from '@ottkit/api-client/contract';
import { configuredChannels, deliveryOf } from '../../mail/delivery.ts';
import { deliveryRef } from '../../domain/verification.ts';
import { messageByRef } from '../../store/outbox.ts';
import * as identity from '../../domain/identity.ts';
import { rotateRefreshToken } from '../../domain/sessions.ts';
import { buildUserInfo } from '../../domain/userInfo.ts';
import { revokeSession } from '../../store/sessions.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import {
  clearSessionCookies,
  cookieName,
  REFRESH_COOKIE,
  REFRESH_PATH,
  readCookie,
  readGuestCookie,
  setGuestCookie,
  setSessionCookies,
} from '../session.ts';

export function deps(ctx: RequestContext): identity.Deps {
  return { db: ctx.db, config: ctx.config, sender: ctx.sender, ip: ctx.ip, now: ctx.now() };
}

/** Every call that starts a session also sets the site's HttpOnly cookies. */
export function withCookies(ctx: RequestContext, result: SessionResult): SessionResult {
  setSessionCookies(ctx.res, result.tokens, ctx.config, ctx.now());
  return result;
}

/** A handler behind `access: 'session' | 'user'` always has a session; this narrows the type. */
export function sessionOf(ctx: RequestContext) {
  if (!ctx.session) throw new HttpError(ErrCode.SESSION_INVALID, 'Session invalid or expired; log in again');
  return ctx.session;
}

export const accountRoutes = [
  route(verification, (ctx, req) => identity.sendVerification(deps(ctx), req, req.purpose, ctx.lang)),
  route(verificationDelivery, async (ctx, req) => {
    const m = await messageByRef(ctx.db, deliveryRef(ctx.config.secret, req.authenticationKey));
    if (m) return deliveryOf(m);
    // A key that sent nothing (a reset for an address with no account) answers as if its message went, so the
    // call tells nobody which addresses have accounts.
    const { email, sms } = configuredChannels(ctx.config);
    return { state: email || sms ? ('sent' as const) : ('queued' as const) };
  }),

  route(register, async (ctx, req) =>
    withCookies(
      ctx,
      await identity.register(deps(ctx), req.registerInfo, req.authenticationKey, req.userRandomValue),
    ),
  ),

  route(login, async (ctx, req) => withCookies(ctx, await identity.login(deps(ctx), req.loginInfo))),

  route(visitorLogin, async (ctx, req) => {
    const { result, deviceSecret } = await identity.visitorLogin(
      deps(ctx),
      req.deviceId,
      readGuestCookie(ctx.req, ctx.config),
    );
    if (deviceSecret) setGuestCookie(ctx.res, deviceSecret, ctx.config);
    return withCookies(ctx, result);
  }),

  route(refreshToken, async (ctx, req) => {
    const presented =
      req.refreshToken ?? readCookie(ctx.req, cookieName(ctx.config, REFRESH_COOKIE, REFRESH_PATH));
    if (!presented) throw new HttpError(ErrCode.SESSION_INVALID, 'No refresh token; log in again');
    const now = ctx.now();
    try {
      const { sessionId, accountId, tokens } = await rotateRefreshToken(
        ctx.db,
        ctx.config.secret,
        presented,
        now,
      );
      return withCookies(ctx, {
        userInfo: await buildUserInfo(ctx.db, accountId, sessionId, ctx.ip, now, ctx.lang),
        tokens,
      });
    } catch (e) {
      clearSessionCookies(ctx.res, ctx.config);
      throw e;
    }
  }),

  route(logout, async (ctx) => {
    await revokeSession(ctx.db, sessionOf(ctx).sessionId, 'logout', ctx.now());
    clearSessionCookies(ctx.res, ctx.config);
    return {};
  }),

  route(resetPassword, async (ctx, req) => {
    await identity.resetPassword(deps(ctx), req);
    return {};
  }),

  route(modifyPassword, async (ctx, req) => {
    const s = sessionOf(ctx);
    await identity.modifyPassword(deps(ctx), s.accountId, s.sessionId, req.oldPassword, req.newPassword);
    return {};
  }),

  route(userInfo, async (ctx) => {
    const s = sessionOf(ctx);
    return buildUserInfo(ctx.db, s.accountId, s.sessionId, ctx.ip, ctx.now(), ctx.lang);
  }),
];
