/** Language codes only, without the catalogues, for code that must stay small (islands, scripts). */
/** The UI languages of spec §1. */
export const LANGS = ['en', 'es', 'pt'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';
/** The stored choice (spec §1): a cookie, so the server renders the right language before anything paints. */
export const LANG_COOKIE = 'ottkit_lang';

export const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);
