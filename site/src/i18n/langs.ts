/** Language codes only, without the catalogues, for code that must stay small (islands, scripts). */
// The UI languages of spec §1 are the contract's (one definition, issue 38).
export { DEFAULT_LANG, isLang, LANGS, type Lang } from '@ottkit/api-client/langs';
/** The stored choice (spec §1): a cookie, so the server renders the right language before anything paints. */
export const LANG_COOKIE = 'ottkit_lang';
