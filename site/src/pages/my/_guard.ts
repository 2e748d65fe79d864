import type { AstroGlobal } from 'astro';
import type { UserInfo } from '@ottkit/api-client';
import { serverApi } from '../../lib/api.ts';
import { sessionToken } from '../../lib/sessionCookie.ts';

/**
 * Spec §2: /my and its children are for logged-in users only. The session cookie is checked with the server
 * (not merely present) before anything paints; guests, expired and forged cookies go to login, which comes
 * back here afterwards (and first tries the refresh cookie, so a run-out access cookie costs no typing).
 */
export async function requireUser(astro: AstroGlobal): Promise<{ user: UserInfo } | { redirect: Response }> {
  const token = sessionToken(astro.cookies);
  const back = astro.url.pathname + astro.url.search;
  const toLogin = () => ({ redirect: astro.redirect(`/login?redirect=${encodeURIComponent(back)}`, 302) });
  if (!token) return toLogin();
  try {
    const user = await serverApi({ lang: astro.locals.lang, token }).account.userInfo({});
    return user.loginStatus === 'user' ? { user } : toLogin();
  } catch {
    return toLogin();
  }
}
