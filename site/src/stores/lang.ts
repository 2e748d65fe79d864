import { atom, computed } from 'nanostores';
import { createT, DEFAULT_LANG, isLang, type Lang } from '../i18n/index.ts';

/** The active UI language; the server rendered the page in it and wrote it on <html lang>. */
export const $lang = atom<Lang>(
  typeof document !== 'undefined' && isLang(document.documentElement.lang)
    ? document.documentElement.lang
    : DEFAULT_LANG,
);
export const $t = computed($lang, (lang) => createT(lang));

// The language choice itself is scripts/langPicker.ts (a cookie and a reload), which carries no catalogue.
