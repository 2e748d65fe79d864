import { ErrCode, type GuideLang, guideLangSchema } from '@ottkit/api-client';
import type { Viewer } from '../../domain/accessRules.ts';
import { buildViewer } from '../../domain/viewer.ts';
import { HttpError, type RequestContext } from '../route.ts';

/** The caller as the access rules see it (the `mac` header is sent by TV boxes). */
export function viewerOf(ctx: RequestContext, now: number): Promise<Viewer> {
  const mac = ctx.req.headers.mac;
  return buildViewer(ctx.db, {
    ip: ctx.ip,
    mac: Array.isArray(mac) ? mac[0] : mac,
    session: ctx.session,
    dataDir: ctx.config.dataDir,
    now,
  });
}

/** The logged-in user's account id; the HTTP layer already refused guests on 'user' calls. */
export function userId(ctx: RequestContext): string {
  if (ctx.session?.status !== 'user') {
    throw new HttpError(
      ErrCode.LOGIN_REQUIRED,
      'After logging in, you can explore more video content and get more permissions!',
    );
  }
  return ctx.session.accountId;
}

/** The guide language from the `lang` header (`es`, `pt-BR`…), English otherwise. */
export function guideLang(ctx: RequestContext, asked?: GuideLang): GuideLang {
  if (asked) return asked;
  const parsed = guideLangSchema.safeParse(ctx.lang.slice(0, 2).toLowerCase());
  return parsed.success ? parsed.data : 'en';
}

/** Whose change marks the update check keeps: the account, or for callers without a session their address. */
export function scopeOf(ctx: RequestContext): string {
  return ctx.session ? `acc:${ctx.session.accountId}` : `ip:${ctx.ip}`;
}
