import type { Lang } from './langs.ts';

/**
 * Counted texts (decision 0370): a catalogue holds `<key>.one` and `<key>.other`, and the language's own rule
 * (Intl.PluralRules, CLDR) picks one for n, so "1 viewer" and "2 viewers" in English, and Portuguese's "0" takes
 * the singular as CLDR says. CLDR's `many` (Spanish and Portuguese millions) and every other category take `other`.
 */
export type PluralBase<K extends string> = BaseOf<K, K>;
/** Each key ending in `.other` whose `.one` is in the whole catalogue too (`Each` is taken one by one, `All` not). */
type BaseOf<Each, All> = Each extends `${infer B}.other` ? (`${B}.one` extends All ? B : never) : never;

const rules = new Map<Lang, Intl.PluralRules>();

export function pluralKey<K extends string>(lang: Lang, base: PluralBase<K>, n: number): K {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rules.set(lang, r);
  }
  return `${base}.${r.select(n) === 'one' ? 'one' : 'other'}` as K;
}
