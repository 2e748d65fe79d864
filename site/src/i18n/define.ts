/**
 * One area's texts in every UI language. English is the source of the keys; Spanish and Portuguese must
 * have exactly the same keys (a type error here, and a failing test in i18n.test.ts otherwise).
 * Each area (live, vod, account, …) has its own file under areas/ so work on one does not touch another.
 */
export function defineMessages<const K extends string>(messages: {
  en: Record<K, string>;
  es: NoInfer<Record<K, string>>;
  pt: NoInfer<Record<K, string>>;
}) {
  return messages;
}

/** Fills `{name}` placeholders from `values` (a missing value leaves its placeholder as written). */
export function fillPlaceholders(text: string, values?: Record<string, string | number>): string {
  return values ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(values[name] ?? m)) : text;
}
