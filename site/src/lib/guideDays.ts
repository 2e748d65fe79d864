import type { Epg, EpgProgram } from '@ottkit/api-client';
import { addDays, utcDay } from './epgStore.ts';

/**
 * The guide's day tabs are the viewer's calendar days (in the browser's zone), while the server stores and
 * checksums UTC days (decision 0051). A local day overlaps one or two UTC days; these helpers map between them.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The viewer's calendar day of an instant, `YYYY-MM-DD`, in the zone this code runs in. */
export function localDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `[start, end)` of a local calendar day in epoch ms; 23 or 25 hours long on a daylight-saving change. */
export function localDayBounds(date: string): { start: number; end: number } {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return { start: new Date(y, m - 1, d).getTime(), end: new Date(y, m - 1, d + 1).getTime() };
}

/** The UTC days (the store's and the server's keys) that a local day overlaps, oldest first. */
export function utcDaysOf(date: string): string[] {
  const { start, end } = localDayBounds(date);
  const first = utcDay(start);
  const last = utcDay(end - 1);
  return first === last ? [first] : [first, last];
}

/**
 * The UTC day before those a local day overlaps. A programme is kept in the UTC day it starts on, so one that
 * began the evening before and is still on air after the local midnight is only there (an imported guide's
 * programmes cross midnight; at 00:05 UTC a viewer in UTC found the programme on air missing from Today).
 */
export function utcDayBefore(date: string): string {
  return addDays(utcDaysOf(date)[0] as string, -1);
}

/**
 * One local day of a guide from the UTC days it overlaps: every programme on air during the day (one that
 * crosses midnight shows on both days, so the one playing just after midnight is on today's list), once each,
 * by start. Catch-up is offered when any of the UTC days offers it. `before` (the UTC day before them, see
 * utcDayBefore) gives only its programmes still on air when the day begins, and never the day's catch-up.
 */
export function localGuideDay(
  date: string,
  days: readonly (Epg | undefined)[],
  before?: Epg,
): { programs: EpgProgram[]; isCatchup: boolean } | undefined {
  const found = days.filter((d): d is Epg => d !== undefined);
  if (found.length === 0) return undefined;
  const { start, end } = localDayBounds(date);
  const carried = (before?.programs ?? []).filter((p) => p.start < start && p.stop > start);
  if (carried.length > 0) {
    const shown = localGuideDay(date, found);
    const ids = new Set(shown?.programs.map((p) => p.programId));
    return {
      programs: [...carried.filter((p) => !ids.has(p.programId)), ...(shown?.programs ?? [])],
      isCatchup: shown?.isCatchup ?? false,
    };
  }
  // One UTC day (a viewer in UTC, or a day that maps onto one): its programmes are already one each, so no map
  // of them is made (the grid reads a day per row scrolling in, decision 0330).
  if (found.length === 1) {
    const [day] = found as [Epg];
    return {
      programs: day.programs.filter((p) => p.start < end && p.stop > start).sort((a, b) => a.start - b.start),
      isCatchup: day.isCatchup,
    };
  }
  const byId = new Map<string, EpgProgram>();
  for (const day of found) {
    for (const p of day.programs) if (p.start < end && p.stop > start) byId.set(p.programId, p);
  }
  return {
    programs: [...byId.values()].sort((a, b) => a.start - b.start),
    isCatchup: found.some((d) => d.isCatchup),
  };
}
