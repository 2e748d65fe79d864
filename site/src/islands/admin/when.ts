import type { Lang } from '../../i18n/langs.ts';

/** A moment as the console shows it in lists (date and minute, in the console's language). */
export const when = (ms: number, lang: Lang) =>
  new Date(ms).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
