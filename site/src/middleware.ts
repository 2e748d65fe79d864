import { defineMiddleware } from 'astro:middleware';
import { createT, LANG_COOKIE, resolveLang } from './i18n/index.ts';
import { getAppConfig, getZeroTrustMode } from './lib/appConfig.ts';
import { businessRedirect, reachableAreas } from './lib/businessType.ts';
import { cachedHomePage } from './lib/homePageCache.ts';
import { withDataType } from './lib/navigation.ts';

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
  if (context.url.pathname === '/home') return cachedHomePage(context, next);
  return next();
});
