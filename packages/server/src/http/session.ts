import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrCode } from '@ottkit/api-client';
import {
  refreshToken,
  SESSION_COOKIE_BASE,
  sessionCookieName,
  type Tokens,
  visitorLogin,
} from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import { sessionForAccessToken } from '../domain/sessions.ts';
import type { Db } from '../store/db.ts';
import { HttpError, type Session } from './route.ts';

/** The site's session travels in HttpOnly cookies; API clients send `Authorization: Bearer <token>`. */
export const SESSION_COOKIE = SESSION_COOKIE_BASE.session;
export const REFRESH_COOKIE = SESSION_COOKIE_BASE.refresh;
export const GUEST_COOKIE = SESSION_COOKIE_BASE.guest;
export const REFRESH_PATH = refreshToken.path;
export const GUEST_PATH = visitorLogin.path;

/** A cookie's name as this server sets it: `__Host-`/`__Secure-` prefixed when Secure. */
export const cookieName = (config: ServerConfig, base: string, path: string) =>
  sessionCookieName(base, config.secureCookies, path === '/');

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
 * Whether a browser sent this request from another site (another origin: another port of the same host
 * counts, which SameSite does not cover). Sec-Fetch-Site is trusted when present (browsers set it, pages
 * cannot); otherwise a present Origin must name this host. Non-browser clients send neither and pass.
 */
export function fromAnotherSite(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Login CSRF and cookie CSRF (ASVS 4.2.2, 3.5.3): a state-changing call that rides on what the browser adds
 * by itself (cookies, or nothing at all for login and guest login) is refused when another site sent it.
 * A call that names the credential it is answered with (the Authorization header; a `token` in the query
 * where the call takes it there, `tokenInQuery`) is not forged by a form and passes: API clients, the
 * partner player's licence requests. A `token` on any other call is ignored, so it exempts nothing.
 */
export function refuseCrossSite(req: IncomingMessage, url: URL, tokenInQuery = false): void {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return;
  if (req.headers.authorization || (tokenInQuery && url.searchParams.has('token'))) return;
  if (fromAnotherSite(req)) {
    throw new HttpError(
      ErrCode.CROSS_SITE_REFUSED,
      'Refused: this call changes the session and must come from the site itself',
      403,
    );
  }
}

/**
 * The access token of a request: the Authorization header, then `token` in the query only for the calls the
 * spec has carry it there (the VOD API: `tokenIn: 'query'`), then the cookie unless another site sent it.
 */
export function presentedToken(
  req: IncomingMessage,
  url: URL,
  config: ServerConfig,
  tokenInQuery = false,
): string | undefined {
  const auth = req.headers.authorization;
  if (auth) return /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  const query = tokenInQuery ? url.searchParams.get('token') : null;
  if (query) return query;
  return fromAnotherSite(req) ? undefined : readCookie(req, cookieName(config, SESSION_COOKIE, '/'));
}

export function sessionResolver(db: Db, config: ServerConfig) {
  return async (
    req: IncomingMessage,
    url: URL,
    now: number,
    tokenInQuery = false,
  ): Promise<Session | null> => {
    const token = presentedToken(req, url, config, tokenInQuery);
    return token ? sessionForAccessToken(db, token, now) : null;
  };
}

/** One Set-Cookie value: HttpOnly, the given SameSite and path, Secure (and prefixed name) over HTTPS. */
export function cookie(
  base: string,
  value: string,
  path: string,
  maxAgeMs: number,
  config: ServerConfig,
  sameSite: string,
) {
  const parts = [
    `${cookieName(config, base, path)}=${encodeURIComponent(value)}`,
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
  res.appendHeader('set-cookie', [
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
  res.appendHeader('set-cookie', [
    cookie(SESSION_COOKIE, '', '/', 0, config, 'Lax'),
    cookie(REFRESH_COOKIE, '', REFRESH_PATH, 0, config, 'Strict'),
  ]);
}

const GUEST_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;

/** The guest's device secret: sent only to the guest login, kept as long as browsers allow (400 days). */
export function setGuestCookie(res: ServerResponse, secret: string, config: ServerConfig): void {
  res.appendHeader(
    'set-cookie',
    cookie(GUEST_COOKIE, secret, GUEST_PATH, GUEST_COOKIE_MAX_AGE_MS, config, 'Strict'),
  );
}

export const readGuestCookie = (req: IncomingMessage, config: ServerConfig) =>
  readCookie(req, cookieName(config, GUEST_COOKIE, GUEST_PATH));
