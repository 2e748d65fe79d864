import { currentProfile } from '../../domain/profiles.ts';
import type { ProfileRow } from '../../store/profiles.ts';
import type { RequestContext } from '../route.ts';
import { userId } from './liveContext.ts';

/**
 * The session's current profile (decision 0285): whose favourites, history, resume points and reminders a call
 * reads and writes, and whose maximum rating filters what it sees. Null without a session.
 */
export async function profileOfSession(ctx: RequestContext): Promise<ProfileRow | null> {
  if (!ctx.session) return null;
  return currentProfile(
    ctx.db,
    { accountId: ctx.session.accountId, sessionId: ctx.session.sessionId },
    ctx.now(),
  );
}

/** The current profile's id on a call for logged-in users (guests get LOGIN_REQUIRED, like `userId`). */
export async function profileId(ctx: RequestContext): Promise<string> {
  userId(ctx);
  return ((await profileOfSession(ctx)) as ProfileRow).profile_id;
}

/** The current profile on a call any session may make (a guest's is its account's first profile). */
export async function sessionProfileOf(ctx: RequestContext): Promise<ProfileRow> {
  return (await profileOfSession(ctx)) as ProfileRow;
}

/** The current profile's id on a call any session may make. */
export async function sessionProfileIdOf(ctx: RequestContext): Promise<string> {
  return (await sessionProfileOf(ctx)).profile_id;
}
