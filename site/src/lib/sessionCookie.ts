import { sessionCookieToken } from '@ottkit/api-client/contract';
import type { AstroCookies } from 'astro';

/** The viewer's access token from the session cookie, under its bare or its `__Host-` name (HTTPS). */
export const sessionToken = (cookies: AstroCookies): string | undefined =>
  sessionCookieToken((name) => cookies.get(name)?.value);
