/** Day arithmetic of the guide: UTC days named `YYYY-MM-DD`. */

export const MINUTE = 60_000;
export const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function dayOf(ts: number): string {
  return new Date(ts).toISOString().slice(0, 10);
}

/** Midnight UTC starting a day. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, n: number): string {
  return dayOf(dayStart(day) + n * DAY_MS);
}
