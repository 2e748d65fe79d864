import type { Lang } from './langs.ts';

/**
 * How the site writes times, dates and places in the viewer's language (decision 0140): the one place for
 * these rules. The kit (ProgrammeRow, ReminderDialog, Card) and the player (its bar) hold no language and take
 * these formatters as props. The locale is the UI language itself ('en', 'es', 'pt'), so whether the clock is
 * 12-hour (en: "3:05 PM") or 24-hour (es, pt: "15:05") follows the language, never the machine.
 */
export type FormatEpoch = (epochMs: number) => string;

const cache = new Map<string, FormatEpoch>();
function cached(key: string, make: () => FormatEpoch): FormatEpoch {
  let f = cache.get(key);
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** A time of day: "3:05 PM" (en), "15:05" (es, pt). */
export function timeFormat(lang: Lang): FormatEpoch {
  return cached(`time|${lang}`, () => {
    const f = new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' });
    return (ms) => f.format(ms);
  });
}

/** A date: "Jan 12, 2031" (en), "12 ene 2031" (es), "12 de jan. de 2031" (pt). */
export function dateFormat(lang: Lang): FormatEpoch {
  return cached(`date|${lang}`, () => {
    const f = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
    return (ms) => f.format(ms);
  });
}

/** A country or region code (ISO 3166, "US") as its name in the language ("Estados Unidos"); the code if unknown. */
export function regionName(lang: Lang, code: string): string {
  try {
    return new Intl.DisplayNames(lang, { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
