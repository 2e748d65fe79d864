import { createClient } from '@ottkit/api-client/client';
import { handleSessionInvalid, renewSession } from '../stores/session.ts';
import { storedManifest, zeroTrustGate } from './zeroTrust.ts';

/**
 * Where the API answers for server-side rendering. In the one-origin product the server that mounts the
 * site sets OTTKIT_API_ORIGIN to itself, so the site talks to the API over HTTP like any other client.
 */
export function apiOrigin(): string {
  return process.env.OTTKIT_API_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`;
}

/** A client for server-side rendering, on behalf of the request's session. */
export function serverApi(opts: { lang?: string; token?: string; fetch?: typeof fetch } = {}) {
  return createClient({
    baseUrl: apiOrigin(),
    lang: () => opts.lang ?? 'en',
    getToken: () => opts.token,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
}

/**
 * The browser's client: same origin, the session travels in its HttpOnly cookie. In zero-trust mode the
 * manifest opened from the share link says where each API area lives.
 */
const manifest = typeof window === 'undefined' ? null : storedManifest();
/** Where the browser's client sends each API area (a worker's client uses the same, e.g. the guide sync). */
export const browserApiBases = {
  baseUrl: manifest?.apiBaseUrl ?? '',
  areaBaseUrls: manifest?.areaBaseUrls ?? {},
};
/** The language the browser's calls ask for: the page's. */
export const browserApiLang = () =>
  typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
/**
 * What sends the browser's calls. /liveTv's line-up loader puts the kept answers (Cache Storage, decision 0296)
 * in front of the revalidated channel list (stores/lineupLoad.ts), so /home's script budget
 * (decision 0084) carries none of it.
 */
export const browserSend: { fetch: typeof fetch } = { fetch: (input, init) => fetch(input, init) };
export const browserApi = createClient({
  ...browserApiBases,
  lang: browserApiLang,
  // Spec §4: an expired access cookie is refreshed once and the call replayed; a session that stays invalid
  // sends the viewer to login, or to a guest session in visitor mode (stores/session.ts).
  // Zero-trust: until the product may start (and never when it is blocked) no call leaves the browser.
  fetch: (input, init) =>
    zeroTrustGate() === 'open' ? browserSend.fetch(input, init) : new Promise(() => {}),
  refreshSession: renewSession,
  onSessionInvalid: (e) => handleSessionInvalid(e),
});
