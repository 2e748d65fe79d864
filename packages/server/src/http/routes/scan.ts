import { quickLoginToken, scanCode, scanCodeInfo, scanCodeLogin } from '@ottkit/api-client/contract';
import { LoginMethod } from '@ottkit/api-client/contract';
import {
  approveScanCode,
  collectScanCode,
  createScanCode,
  scanCodeInfo as info,
} from '../../domain/scanCodes.ts';
import { POLICIES, perAddress, takeAttempt } from '../../domain/limits.ts';
import { startSession } from '../../domain/sessions.ts';
import { buildUserInfo } from '../../domain/userInfo.ts';
import type { RequestContext } from '../route.ts';
import { route } from '../route.ts';
import { sessionOf } from './account.ts';

/** Where the QR points: this server's own site (one origin), as the box reached it. */
function siteOrigin(ctx: RequestContext): string {
  const host = ctx.req.headers.host ?? `${ctx.config.host}:${ctx.config.port}`;
  return `${ctx.config.secureCookies ? 'https' : 'http'}://${host}`;
}

export const scanRoutes = [
  route(scanCode, (ctx, req) => {
    takeAttempt(ctx.db, perAddress('scan', ctx.ip, POLICIES.scanIp, POLICIES.scanRange), ctx.now());
    return createScanCode(ctx.db, req.deviceName ?? 'TV box', siteOrigin(ctx), ctx.now());
  }),

  route(scanCodeInfo, (ctx, req) => info(ctx.db, req.scanCodeId, ctx.now())),

  route(scanCodeLogin, (ctx, req) =>
    approveScanCode(ctx.db, req.scanCodeId, sessionOf(ctx).accountId, ctx.now()),
  ),

  // The box is not the browser that approved: no cookies here, the box keeps the tokens it receives.
  route(quickLoginToken, (ctx, req) => {
    const now = ctx.now();
    const { accountId } = collectScanCode(ctx.db, req.scanCodeId, req.pollToken, now);
    const { sessionId, tokens } = startSession(
      ctx.db,
      ctx.config.secret,
      { accountId, loginMethod: LoginMethod.SCAN_CODE, clientIp: ctx.ip },
      now,
    );
    return { userInfo: buildUserInfo(ctx.db, accountId, sessionId, ctx.ip, now, ctx.lang), tokens };
  }),
];
