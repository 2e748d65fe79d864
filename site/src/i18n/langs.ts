/** Language codes only, without the catalogues, for code that must stay small (islands, scripts). */
// The UI languages of spec §1 are the contract's (one definition, issue 38).
export { DEFAULT_LANG, isLang, LANG_COOKIE, LANGS, type Lang } from '@ottkit/api-client/langs';
