import { atom, computed } from 'nanostores';
import { createT, DEFAULT_LANG, isLang, LANG_COOKIE, type Lang } from '../i18n/index.ts';

/** The active UI language; the server rendered the page in it and wrote it on <html lang>. */
export const $lang = atom<Lang>(
  typeof document !== 'undefined' && isLang(document.documentElement.lang)
    ? document.documentElement.lang
    : DEFAULT_LANG,
);
export const $t = computed($lang, (lang) => createT(lang));

/**
 * Stores the viewer's choice (a year-long cookie the server reads) and re-renders the page in it.
 * The session lives in its own cookie, so nothing else is lost.
 */
export function chooseLang(lang: Lang) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  $lang.set(lang);
  window.location.reload();
}
