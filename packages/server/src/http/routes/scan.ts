import { quickLoginToken, scanCode, scanCodeInfo, scanCodeLogin } from '@ottkit/api-client/contract';
import { LoginMethod } from '@ottkit/api-client/contract';
import {
  approveScanCode,
  collectScanCode,
  createScanCode,
  notValid,
  scanCodeInfo as info,
} from '../../domain/scanCodes.ts';
import { POLICIES, perAddress, takeAttempt } from '../../domain/limits.ts';
import { beginSession } from '../../domain/sessions.ts';
import type { ProfileRow } from '../../store/profiles.ts';
import { buildUserInfo } from '../../domain/userInfo.ts';
import type { RequestContext } from '../route.ts';
import { route } from '../route.ts';
import { sessionOf } from './account.ts';
import { profileOfSession } from './profileContext.ts';

/** Where the QR points: this server's own site (one origin), as the box reached it. */
function siteOrigin(ctx: RequestContext): string {
  const host = ctx.req.headers.host ?? `${ctx.config.host}:${ctx.config.port}`;
  return `${ctx.config.secureCookies ? 'https' : 'http'}://${host}`;
}

export const scanRoutes = [
  route(scanCode, async (ctx, req) => {
    await takeAttempt(ctx.db, perAddress('scan', ctx.ip, POLICIES.scanIp, POLICIES.scanRange), ctx.now());
    return await createScanCode(ctx.db, req.deviceName ?? 'TV box', siteOrigin(ctx), ctx.now());
  }),

  route(scanCodeInfo, async (ctx, req) => info(ctx.db, req.scanCodeId, ctx.now())),

  route(scanCodeLogin, async (ctx, req) => {
    const { accountId } = sessionOf(ctx);
    const profile = (await profileOfSession(ctx)) as ProfileRow;
    return approveScanCode(ctx.db, req.scanCodeId, accountId, profile.profile_id, ctx.now());
  }),

  // The box is not the browser that approved: no cookies here, the box keeps the tokens it receives.
  route(quickLoginToken, async (ctx, req) => {
    const now = ctx.now();
    const { accountId, profileId } = await collectScanCode(ctx.db, req.scanCodeId, req.pollToken, now);
    // The approving session's profile (issue 35): without it the box would start on the account's first.
    const { sessionId, tokens } = await beginSession(
      ctx.db,
      ctx.config.secret,
      {
        accountId,
        loginMethod: LoginMethod.SCAN_CODE,
        clientIp: ctx.ip,
        ...(profileId ? { profile: { id: profileId, gone: notValid } } : {}),
      },
      now,
    );
    return { userInfo: await buildUserInfo(ctx.db, accountId, sessionId, ctx.ip, now, ctx.lang), tokens };
  }),
];
