/**
 * The site's session cookies (docs/decisions/0090, 0152), named in one place for the server that sets them and
 * the site's server-side rendering that reads them. Served over HTTPS (Secure), a cookie whose path is `/` takes
 * the `__Host-` prefix (the browser then refuses it from any other host or without Secure) and a path-limited
 * one `__Secure-`; on plain http://localhost they keep their bare names.
 */
export const SESSION_COOKIE_BASE = {
  /** The access token, for every call of the site. */
  session: 'ottkit_session',
  /** The refresh token, sent only to the refresh call. */
  refresh: 'ottkit_refresh',
  /** The secret that lets this browser's device id find its guest again, sent only to the guest login. */
  guest: 'ottkit_guest',
} as const;

export function sessionCookieName(base: string, secure: boolean, rootPath: boolean): string {
  if (!secure) return base;
  return rootPath ? `__Host-${base}` : `__Secure-${base}`;
}

/** The access token in a cookie jar, whichever way the server named it. */
export function sessionCookieToken(get: (name: string) => string | undefined): string | undefined {
  const base = SESSION_COOKIE_BASE.session;
  return get(sessionCookieName(base, true, true)) ?? get(base);
}
