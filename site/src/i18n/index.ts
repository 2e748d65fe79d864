import { type Catalogue, en, es, type MessageKey, pt } from './catalogue.ts';
import { fillPlaceholders } from './define.ts';

export type { Catalogue, MessageKey };

export { DEFAULT_LANG, isLang, LANG_COOKIE, LANGS, type Lang } from './langs.ts';
import { DEFAULT_LANG, isLang, type Lang } from './langs.ts';

export const catalogues: Record<Lang, Catalogue> = { en, es, pt };

/** The languages of an Accept-Language header, best first. */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * Spec §1: the stored choice wins, else the browser's language, else English, or the language the operator made
 * the default (`brand.defaultLanguage`, issue 40).
 */
export function resolveLang(input: {
  stored?: string | null;
  acceptLanguage?: string | null;
  fallback?: Lang;
}): Lang {
  if (isLang(input.stored)) return input.stored;
  for (const tag of acceptedLanguages(input.acceptLanguage ?? '')) {
    const primary = tag.split('-')[0];
    if (isLang(primary)) return primary;
  }
  return input.fallback ?? DEFAULT_LANG;
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A translator for one language; `{name}` placeholders are filled from `values`. */
export function createT(lang: Lang): Translate {
  const catalogue = catalogues[lang];
  return (key, values) => {
    return fillPlaceholders(catalogue[key] ?? en[key], values);
  };
}
