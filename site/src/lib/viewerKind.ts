import { createHash } from 'node:crypto';
import type { AstroGlobal } from 'astro';
import { serverApi } from './api.ts';
import { sessionToken } from './sessionCookie.ts';

/**
 * Who the request's session belongs to, for what the header renders before any script runs: the profile
 * switch is a user's (a guest has no profiles, and on a 360 px phone the link pushed the login link out of the
 * header), and a guest's first paint is the login link the badge settles on anyway. `null` without a session
 * cookie; `unknown` when the server could not say (the header then leaves both to the badge's island).
 */
export type ViewerKind = 'user' | 'guest' | 'unknown' | null;

/**
 * A session's kind never changes (signing in issues new tokens), so each token's answer is kept, by its hash,
 * in a bounded map: the header asks the server once per session, not once per page.
 */
const KEPT = 10_000;
const kinds = new Map<string, 'user' | 'guest'>();

export async function viewerKind(astro: AstroGlobal): Promise<ViewerKind> {
  const token = sessionToken(astro.cookies);
  if (!token) return null;
  const key = createHash('sha256').update(token).digest('base64url');
  const kept = kinds.get(key);
  if (kept) return kept;
  try {
    const user = await serverApi({ lang: astro.locals.lang, token }).account.userInfo({});
    const kind = user.loginStatus === 'user' ? 'user' : 'guest';
    if (kinds.size >= KEPT) kinds.delete(kinds.keys().next().value as string);
    kinds.set(key, kind);
    return kind;
  } catch {
    return 'unknown';
  }
}
