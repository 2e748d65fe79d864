import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tokens } from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import { sessionForAccessToken } from '../domain/sessions.ts';
import type { Db } from '../store/db.ts';
import type { Session } from './route.ts';

/** The site's session travels in HttpOnly cookies; API clients send `Authorization: Bearer <token>`. */
export const SESSION_COOKIE = 'ottkit_session';
export const REFRESH_COOKIE = 'ottkit_refresh';
export const REFRESH_PATH = '/api/account/token/refresh/v3';

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      // A malformed value (a stray '%') is no cookie at all, not a server error.
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A cookie is only trusted when the request does not come from another site: SameSite=Lax already keeps it
 * off cross-site POSTs, and a present Origin header must match the Host (defence in depth against CSRF).
 */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The access token of a request: Authorization header, then `token` in the query (VOD API), then the cookie. */
export function presentedToken(req: IncomingMessage, url: URL): string | undefined {
  const auth = req.headers.authorization;
  if (auth) return /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  const query = url.searchParams.get('token');
  if (query) return query;
  return sameOrigin(req) ? readCookie(req, SESSION_COOKIE) : undefined;
}

export function sessionResolver(db: Db) {
  return (req: IncomingMessage, url: URL, now: number): Session | null => {
    const token = presentedToken(req, url);
    return token ? sessionForAccessToken(db, token, now) : null;
  };
}

function cookie(
  name: string,
  value: string,
  path: string,
  maxAgeMs: number,
  config: ServerConfig,
  sameSite: string,
) {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`,
    'HttpOnly',
    `SameSite=${sameSite}`,
  ];
  if (config.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

/** Sets both session cookies from freshly issued tokens (login, register, refresh, guest, QR). */
export function setSessionCookies(
  res: ServerResponse,
  tokens: Tokens,
  config: ServerConfig,
  now: number,
): void {
  res.setHeader('set-cookie', [
    cookie(SESSION_COOKIE, tokens.token, '/', tokens.tokenExpiresAt - now, config, 'Lax'),
    cookie(
      REFRESH_COOKIE,
      tokens.refreshToken,
      REFRESH_PATH,
      tokens.refreshTokenExpiresAt - now,
      config,
      'Strict',
    ),
  ]);
}

export function clearSessionCookies(res: ServerResponse, config: ServerConfig): void {
  res.setHeader('set-cookie', [
    cookie(SESSION_COOKIE, '', '/', 0, config, 'Lax'),
    cookie(REFRESH_COOKIE, '', REFRESH_PATH, 0, config, 'Strict'),
  ]);
}
