import type { EpgProgram } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { $guideRevision, readGuideDay } from './epg.ts';

/** One channel's guide for one of the viewer's days, as the grid shows it. */
export interface GridDay {
  programs: EpgProgram[];
  isCatchup: boolean;
}

/** `epgId|date` → the day, for the rows the guide grid has drawn (a row missing here is still loading). */
export const $gridDays = atom<ReadonlyMap<string, GridDay>>(new Map());

/** The days kept: the rows of several screens of a 500-channel line-up; the oldest go first. */
const MAX_DAYS = 600;
const EMPTY: GridDay = { programs: [], isCatchup: false };

export const gridDayKey = (epgId: string, date: string) => `${epgId}|${date}`;

const inFlight = new Set<string>();
let lastRequest: { epgIds: readonly string[]; date: string } | null = null;

/**
 * Reads the days of the grid's rows in view from the local guide store (the network for a day it lacks), and
 * publishes them together once read. `again`: read even the days already known (the store was written).
 */
export async function loadGridDays(epgIds: readonly string[], date: string, again = false): Promise<void> {
  lastRequest = { epgIds, date };
  const known = $gridDays.get();
  const wanted = [...new Set(epgIds)].filter((id) => {
    const key = gridDayKey(id, date);
    return id && !inFlight.has(key) && (again || !known.has(key));
  });
  if (wanted.length === 0) return;
  for (const id of wanted) inFlight.add(gridDayKey(id, date));
  const read = await Promise.all(
    // A day that cannot be read shows as empty rather than loading for ever; the next sync reads it again.
    wanted.map((id) => readGuideDay(id, date).catch(() => EMPTY)),
  );
  const next = new Map($gridDays.get());
  wanted.forEach((id, i) => {
    const key = gridDayKey(id, date);
    inFlight.delete(key);
    next.delete(key);
    next.set(key, read[i] ?? EMPTY);
  });
  for (const key of next.keys()) {
    if (next.size <= MAX_DAYS) break;
    next.delete(key);
  }
  $gridDays.set(next);
}

// A guide sync wrote the store: the rows on screen are read again (the others when they come back into view).
$guideRevision.listen(() => {
  const request = lastRequest;
  if (!request) return;
  const onScreen = new Set(request.epgIds.map((id) => gridDayKey(id, request.date)));
  $gridDays.set(new Map([...$gridDays.get()].filter(([key]) => onScreen.has(key))));
  void loadGridDays(request.epgIds, request.date, true);
});
