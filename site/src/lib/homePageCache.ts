import { createHash } from 'node:crypto';
import type { APIContext, MiddlewareNext } from 'astro';
import { serverApi } from './api.ts';
import { sessionToken } from './sessionCookie.ts';
import { createSharedCache, HOME_CACHE_MS, homeKey, sessionHasVod } from './homeCache.ts';
import { sessionMaxRating } from './homeRating.ts';

/** A rendered page as the cache keeps it. */
interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Only complete pages that set no cookie are shared. */
const pages = createSharedCache<CachedPage>({
  keep: (p) => p.status === 200 && !p.headers.some(([name]) => name.toLowerCase() === 'set-cookie'),
});

/** The query may carry dataType only (spec §2 carries it across navigations); any other query renders afresh. */
const cacheableQuery = (url: URL) => [...url.searchParams.keys()].every((k) => k === 'dataType');

/**
 * /home's HTML, shared (issue 21.7, decision 0131). Nothing personal is in it: the personal rows are an island
 * that asks in the browser. It varies only with the language, configuration and zero-trust mode, the query
 * (dataType), whether a session cookie came (the header paints a login link without one) and whether the
 * viewer's plan includes VOD (premium locks) and the profile's maximum rating. Everything else renders as before.
 */
export async function cachedHomePage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (HOME_CACHE_MS <= 0 || context.request.method !== 'GET' || !cacheableQuery(context.url)) return next();
  const { lang, appConfig, zeroTrust } = context.locals;
  const token = sessionToken(context.cookies);
  const [hasVod, maxRating] = await Promise.all([
    sessionHasVod(serverApi({ lang, token }), token),
    sessionMaxRating(serverApi({ lang, token }), token),
  ]);
  // A profile with a maximum rating sees the rows without what is above it (issue 20 §2).
  const key = [
    homeKey(lang, appConfig),
    context.url.search,
    Boolean(token),
    hasVod,
    zeroTrust,
    maxRating,
  ].join('\n');
  const page = await pages.get(key, async () => {
    const res = await next();
    const body = await res.text();
    // The ETag names these bytes: the server compresses a page with one once, not per request.
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { status: res.status, headers: [...res.headers, ['etag', etag]], body };
  });
  return new Response(page.body, { status: page.status, headers: page.headers });
}
