import type { EpgProgram } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { $guideRevision, readGuideDay } from './epg.ts';

/**
 * What the grid keeps of a programme: what its block shows and what decides its action. The rows of a long
 * line-up pass through here as it scrolls; full programmes (descriptions, every language) kept per row held
 * ~2 MB more of the page's heap for nothing the grid shows (decision 0357). A block's click reads the full
 * programme again.
 */
export type GridProgram = Pick<EpgProgram, 'programId' | 'title' | 'start' | 'stop' | 'isCatchup'>;

/** One channel's guide for one of the viewer's days, as the grid shows it. */
export interface GridDay {
  programs: GridProgram[];
  isCatchup: boolean;
}

/** The days the grid has read: `gridDayKey(epgId, date)` → the day (a row missing here is still loading). */
export interface GridDays {
  get(key: string): GridDay | undefined;
}

const days = new Map<string, GridDay>();
const view: GridDays = { get: (key) => days.get(key) };

/**
 * The grid's days, published as a new revision whenever some were read: the map itself is kept and written in
 * place (copying up to MAX_DAYS entries on every load was garbage made per scroll frame, decision 0330), so
 * views subscribe to the revision and read the days through `get`.
 */
export const $gridDays = atom<{ revision: number; days: GridDays }>({ revision: 0, days: view });

/** The days kept: the rows of several screens of a 500-channel line-up; the oldest go first. */
const MAX_DAYS = 600;
const EMPTY: GridDay = { programs: [], isCatchup: false };

export const gridDayKey = (epgId: string, date: string) => `${epgId}|${date}`;

function gridDayOf(day: { programs: readonly EpgProgram[]; isCatchup: boolean }): GridDay {
  return {
    isCatchup: day.isCatchup,
    programs: day.programs.map(({ programId, title, start, stop, isCatchup }) => ({
      programId,
      title,
      start,
      stop,
      isCatchup,
    })),
  };
}

const inFlight = new Set<string>();
let lastRequest: { epgIds: readonly string[]; date: string } | null = null;

function publish() {
  $gridDays.set({ revision: $gridDays.get().revision + 1, days: view });
}

/**
 * Reads the days of the grid's rows in (or near) view from the local guide store (the network for a day it
 * lacks), and publishes them together once read. `again`: read even the days already known (the store was
 * written).
 */
export async function loadGridDays(epgIds: readonly string[], date: string, again = false): Promise<void> {
  lastRequest = { epgIds, date };
  const wanted = [...new Set(epgIds)].filter((id) => {
    const key = gridDayKey(id, date);
    return id && !inFlight.has(key) && (again || !days.has(key));
  });
  if (wanted.length === 0) return;
  for (const id of wanted) inFlight.add(gridDayKey(id, date));
  const read = await Promise.all(
    // A day that cannot be read shows as empty rather than loading for ever; the next sync reads it again.
    wanted.map((id) => readGuideDay(id, date, { keep: false }).then(gridDayOf, () => EMPTY)),
  );
  wanted.forEach((id, i) => {
    const key = gridDayKey(id, date);
    inFlight.delete(key);
    // Last read, last out.
    days.delete(key);
    days.set(key, read[i] ?? EMPTY);
  });
  for (const key of days.keys()) {
    if (days.size <= MAX_DAYS) break;
    days.delete(key);
  }
  publish();
}

// A guide sync wrote the store: the rows on screen are read again (the others when they come back into view).
$guideRevision.listen(() => {
  const request = lastRequest;
  if (!request) return;
  const onScreen = new Set(request.epgIds.map((id) => gridDayKey(id, request.date)));
  for (const key of [...days.keys()]) if (!onScreen.has(key)) days.delete(key);
  publish();
  void loadGridDays(request.epgIds, request.date, true);
});
