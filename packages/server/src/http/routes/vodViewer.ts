import type { AgeRating } from '@ottkit/api-client/contract';
import { langOf, type Viewer } from '../../domain/vod/catalogue.ts';
import { userRights } from '../../domain/rights.ts';
import type { RequestContext } from '../route.ts';
import { profileOfSession } from './profileContext.ts';

/** The caller as the VOD domain sees them: language, account (if any) and whether they hold a VOD product. */
export async function viewerOf(ctx: RequestContext): Promise<Viewer> {
  const now = ctx.now();
  const accountId = ctx.session?.accountId ?? null;
  const profile = await profileOfSession(ctx);
  return {
    accountId,
    profileId: profile?.profile_id ?? null,
    ...(profile ? { maxRating: profile.max_rating as AgeRating } : {}),
    vod: accountId ? (await userRights(ctx.db, accountId, now)).rights.vod : false,
    lang: langOf(ctx.lang),
    now,
  };
}

/** The account of a call whose descriptor requires a session (the HTTP layer has checked it). */
export function accountOf(ctx: RequestContext): string {
  return (ctx.session as NonNullable<RequestContext['session']>).accountId;
}
