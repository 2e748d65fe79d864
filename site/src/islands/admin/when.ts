import type { Lang } from '../../i18n/langs.ts';

// With the zone it is in (issue 37): operators in different places read the same lists, and a notice's start
// written in one zone was read as another's. `dateStyle`/`timeStyle` cannot carry a zone name, hence the parts.
const MOMENT = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const;

/** A moment as the console shows it in lists: date, minute and time zone, in the console's language. */
export const when = (ms: number, lang: Lang) => new Date(ms).toLocaleString(lang, MOMENT);

/** The same to the second, for the audit log (two changes in one minute keep their order on screen). */
export const whenToTheSecond = (ms: number, lang: Lang) =>
  new Date(ms).toLocaleString(lang, { ...MOMENT, second: '2-digit' });

/**
 * The time zone the browser writes and reads `datetime-local` fields in, as an operator reads it:
 * `America/Sao_Paulo (UTC-03:00)`. Browser only (the server's zone is not the operator's).
 */
export function zoneHere(at = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const east = -at.getTimezoneOffset();
  const hours = String(Math.floor(Math.abs(east) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(east) % 60).padStart(2, '0');
  return `${zone} (UTC${east < 0 ? '-' : '+'}${hours}:${minutes})`;
}
