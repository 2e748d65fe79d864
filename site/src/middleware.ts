import { defineMiddleware } from 'astro:middleware';
import { createT, LANG_COOKIE, resolveLang } from './i18n/index.ts';

/** Resolves the request's language before any page renders (spec §1: stored choice, browser, English). */
export const onRequest = defineMiddleware((context, next) => {
  const lang = resolveLang({
    stored: context.cookies.get(LANG_COOKIE)?.value,
    acceptLanguage: context.request.headers.get('accept-language'),
  });
  context.locals.lang = lang;
  context.locals.t = createT(lang);
  return next();
});
