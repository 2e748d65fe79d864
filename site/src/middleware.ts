import { defineMiddleware } from 'astro:middleware';
import { createT, LANG_COOKIE, resolveLang } from './i18n/index.ts';
import { getAppConfig, getZeroTrustMode } from './lib/appConfig.ts';
import { businessRedirect, reachableAreas } from './lib/businessType.ts';
import { cachedHomePage } from './lib/homePageCache.ts';
import { withDataType } from './lib/navigation.ts';
import { BRAND_VERSION_HEADER, brandVersion } from './pwa/paths.ts';

/**
 * Runs before every page: resolves the language (spec §1: stored choice, browser, the operator's default) and applies the
 * business-type redirects of spec §2 on the server, before anything paints.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const [appConfig, zeroTrust] = await Promise.all([getAppConfig(), getZeroTrustMode()]);
  const lang = resolveLang({
    stored: context.cookies.get(LANG_COOKIE)?.value,
    acceptLanguage: context.request.headers.get('accept-language'),
    fallback: appConfig?.brand.defaultLanguage,
  });
  context.locals.lang = lang;
  context.locals.t = createT(lang);
  context.locals.zeroTrust = zeroTrust;
  const businessType = appConfig?.businessType ?? 'liveAndVod';
  context.locals.appConfig = appConfig;
  context.locals.areas = reachableAreas(businessType);
  const target = businessRedirect(context.url.pathname, businessType);
  if (target) return context.redirect(withDataType(target, context.url.search), 302);
  // /home is the same for every viewer of a language: shared for a short while (decision 0131).
  const response = await (context.url.pathname === '/home' ? cachedHomePage(context, next) : next());
  return withPageHeaders(response, {
    [BRAND_VERSION_HEADER]: brandVersion(appConfig),
    'content-language': lang,
  });
});

/**
 * Pages say which brand they were drawn in and their language (decision 0402): the installable app's worker keeps
 * its offline page in the language and brand of the pages it last passed on, and fetches it again when they change.
 */
function withPageHeaders(response: Response, add: Record<string, string>): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  try {
    for (const [k, v] of Object.entries(add)) response.headers.set(k, v);
    return response;
  } catch {
    // A response whose headers cannot change (a shared one): a copy that says them.
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(add)) headers.set(k, v);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
