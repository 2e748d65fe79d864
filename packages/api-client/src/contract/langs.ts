/**
 * The product's languages (spec §1), the one definition: the contract's language fields, the server's guide, titles
 * and commands, and the site's catalogues all take them from here. No zod, so browsers import it alone from
 * `@ottkit/api-client/langs` (issue 38).
 */
export const LANGS = ['en', 'es', 'pt'] as const;
export type Lang = (typeof LANGS)[number];
/** The language of a text that has none in the viewer's language, and of a viewer who chose none. */
export const DEFAULT_LANG: Lang = 'en';

export const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

/**
 * Where the viewer's choice is kept (spec §1): a cookie, so a page is rendered in the right language before
 * anything paints; the site sets it, and the server reads it where it answers a page itself.
 */
export const LANG_COOKIE = 'ottkit_lang';
