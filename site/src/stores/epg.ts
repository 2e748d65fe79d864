import type { Epg, EpgProgram } from '@ottkit/api-client';
import type { ProgrammeStatus } from '@ottkit/ui';
import { atom } from 'nanostores';
import { browserApi, browserApiBases, browserApiLang } from '../lib/api.ts';
import { createDayReads } from '../lib/dayReads.ts';
import { addDays, type EpgStore, utcDay } from '../lib/epgStore.ts';
// Imported up front, not on demand: opening the store is on the first view's path, and an import() hop there
// cost more than the ~2 KB (gzipped, with idb) it saves in /liveTv's first chunk (decision 0074).
import { epgDbName, forgetOtherGuideLanguages, openIdbEpgStore } from '../lib/epgStoreIdb.ts';
import { createMemoryEpgStore } from '../lib/epgStoreMemory.ts';
import { type GuideSource, type SyncResult, syncGuide } from '../lib/epgStoreSync.ts';
import { localDay, localGuideDay, utcDayBefore, utcDaysOf } from '../lib/guideDays.ts';
import { createRemoteGuideSync } from '../lib/guideSyncRemote.ts';
import { LANGS } from '../i18n/langs.ts';
import { maskProgrammes } from '../lib/guideMask.ts';
import { $guideMask } from './guideMask.ts';

/** The day the guide shows: the viewer's calendar day `YYYY-MM-DD` (decision 0072); null until the page picks today. */
export const $guideDate = atom<string | null>(null);

export type GuideView =
  | { state: 'idle' }
  | { state: 'loading'; epgId: string; date: string }
  | {
      state: 'ready';
      epgId: string;
      date: string;
      programs: EpgProgram[];
      isCatchup: boolean;
      /** Where the day came from: the local store, or the network when the store lacked it. */
      source: 'store' | 'network';
    }
  | { state: 'error'; epgId: string; date: string };

/** The guide of the selected channel for `$guideDate`. */
export const $guide = atom<GuideView>({ state: 'idle' });
/** Today's and yesterday's programmes of the watched channel, for now/next (a show may cross midnight). */
export const $todayPrograms = atom<{ epgId: string; programs: EpgProgram[] }>({ epgId: '', programs: [] });

let storePromise: Promise<EpgStore> | null = null;
/** Which store guideStore() opened: only an IndexedDB one is shared with the sync worker. */
let storeKind: 'idb' | 'memory' = 'memory';

/** The local guide store: IndexedDB when the browser has it, memory otherwise. */
export function guideStore(): Promise<EpgStore> {
  storePromise ??= (async () => {
    if (typeof indexedDB === 'undefined') return createMemoryEpgStore();
    try {
      const lang = browserApiLang();
      const store = await openIdbEpgStore(epgDbName(lang));
      forgetOtherGuideLanguages(lang, LANGS);
      storeKind = 'idb';
      return store;
    } catch {
      return createMemoryEpgStore();
    }
  })();
  return storePromise;
}

/** For tests: use this store instead of IndexedDB. */
export function useGuideStore(store: EpgStore) {
  storePromise = Promise.resolve(store);
  storeKind = 'memory';
  dayReads.clear();
  storedReads.clear();
}

let worker: ReturnType<typeof createRemoteGuideSync> | null | undefined;

/** The sync worker, when this browser runs one over the same IndexedDB store; null: sync on the main thread. */
function guideSyncWorker() {
  if (worker === undefined && storeKind === 'idb' && typeof Worker !== 'undefined') {
    try {
      worker = createRemoteGuideSync(
        new Worker(new URL('../jobs/guideSyncWorker.ts', import.meta.url), { type: 'module' }),
      );
    } catch {
      worker = null;
    }
  }
  return worker && !worker.broken() ? worker : null;
}

/** One checksum sync: in the worker when there is one, else here (and here too when the worker fails). */
async function runSync(relations: Record<string, string>, today: string): Promise<SyncResult> {
  const store = await guideStore();
  const remote = guideSyncWorker();
  if (remote) {
    try {
      return await remote.sync({ relations, today, api: browserApiBases, lang: browserApiLang() });
    } catch (error) {
      // A failed sync (offline, a server error) is the job's to retry; a failed worker is replaced by this page.
      if (!remote.broken()) throw error;
    }
  }
  return syncGuide({ store, source, relations, today });
}

const source: GuideSource = {
  checksums: (req) => browserApi.live.epgChecksumQuery(req),
  days: (req) => browserApi.live.epgQueryV2(req),
};

interface DayRead {
  day?: Epg;
  /** Where the day came from: the local store, or the network when the store lacked it. */
  source: 'store' | 'network';
}

/** One day of one guide: from the store first (shown at once), else from the server (then stored). */
async function readDay(epgId: string, date: string): Promise<DayRead> {
  const store = await guideStore();
  const stored = await store.day(epgId, date);
  if (stored) return { day: stored, source: 'store' };
  const { epgList } = await browserApi.live.epgQueryV2({ date, epgIdList: [epgId] });
  await store.putDays(epgList);
  return { day: epgList.find((e) => e.epgId === epgId && e.date === date), source: 'network' };
}

/**
 * Day reads shared by the guide, now/next, primeGuide and the guide grid; forgotten whenever the store is
 * written. Room for the grid's rows in view (two UTC days each) beside the list's day.
 */
const dayReads = createDayReads(readDay, 256);

/**
 * The UTC day before a local day's own (utcDayBefore), from the store only: it adds the programme on air at
 * midnight, which the guide's sync has stored for every day it shows but the oldest's day before, for which no
 * request is made.
 */
async function readStoredDay(epgId: string, date: string): Promise<DayRead> {
  const store = await guideStore();
  return { day: await store.day(epgId, date), source: 'store' };
}
const storedReads = createDayReads(readStoredDay, 256);

/** Bumped when a sync wrote the store: views holding days read before (the guide grid) read them again. */
export const $guideRevision = atom(0);

/**
 * Starts reading the first view's days (the selected channel's today and yesterday) while the page hydrates,
 * so the guide's own read, once it mounts, finds them done or in flight (decision 0074). Browser only.
 */
export function primeGuide(epgId: string, now: number): void {
  if (!epgId || typeof window === 'undefined') return;
  const today = utcDay(now);
  const ignore = () => undefined;
  // Now/next reads today and yesterday (UTC); the guide reads the UTC days of the viewer's today.
  for (const date of new Set([addDays(today, -1), today, ...utcDaysOf(localDay(now))])) {
    void dayReads.get(epgId, date).catch(ignore);
  }
}

/**
 * One local day of a guide from the reads of the UTC days it overlaps (decision 0072), and of the UTC day
 * before them (its programmes still on air at midnight), read by `guideReads`.
 */
function localRead(
  date: string,
  [before, ...reads]: readonly DayRead[],
): DayRead & { programs: EpgProgram[]; isCatchup: boolean } {
  const shown = localGuideDay(
    date,
    reads.map((r) => r.day),
    before?.day,
  );
  return {
    // Every view of a day (list, grid, catch-up) reads it here: the profile's mask applies once (decision 0310).
    programs: maskProgrammes(shown?.programs ?? [], $guideMask.get()),
    isCatchup: shown?.isCatchup ?? false,
    source: reads.every((r) => r.source === 'store') ? 'store' : 'network',
  };
}

/**
 * One channel's guide for one of the viewer's days (the guide grid's rows), from the shared day reads.
 * `keep: false`: a row scrolled past; its read is shared while in flight but not kept (decision 0357).
 */
export async function readGuideDay(
  epgId: string,
  date: string,
  { keep = true }: { keep?: boolean } = {},
): Promise<{ programs: EpgProgram[]; isCatchup: boolean }> {
  const reads = await guideReads(epgId, date, keep);
  const { programs, isCatchup } = localRead(date, reads);
  return { programs, isCatchup };
}

/** The reads a local day is made of: the UTC day before it (stored only), then the one or two it overlaps. */
function guideReads(epgId: string, date: string, keep = true): Promise<DayRead[]> {
  const read = (reads: typeof dayReads, d: string) => (keep ? reads.get(epgId, d) : reads.once(epgId, d));
  const before = utcDayBefore(date);
  return Promise.all([
    // Read already (now/next reads yesterday, the list the day before): that read serves.
    dayReads.existing(epgId, before) ?? read(storedReads, before),
    ...utcDaysOf(date).map((d) => read(dayReads, d)),
  ]);
}

/** Shows one channel's day in the guide; the latest request wins when the viewer clicks quickly. */
export async function loadGuide(epgId: string, date: string): Promise<void> {
  if (!epgId) {
    $guide.set({ state: 'idle' });
    return;
  }
  // The guide's day is the viewer's: it is made of the one or two UTC days the store keeps (and the day before).
  const utcDays = utcDaysOf(date);
  const show = (reads: readonly DayRead[]) => {
    const { programs, isCatchup, source } = localRead(date, reads);
    $guide.set({ state: 'ready', epgId, date, programs, isCatchup, source });
  };
  // A day already read shows at once, without a loading state in between.
  const before = utcDayBefore(date);
  const known = [
    dayReads.peek(epgId, before) ?? storedReads.peek(epgId, before),
    ...utcDays.map((d) => dayReads.peek(epgId, d)),
  ];
  if (known.every((k) => k !== undefined)) return show(known as DayRead[]);
  // A refresh of the day on screen (after a guide sync) keeps it shown until the new one is read: a flash of
  // 'loading' would empty the list and unmount what hangs off it, such as a catch-up dialog.
  const shown = $guide.get();
  const refresh = shown.state === 'ready' && shown.epgId === epgId && shown.date === date;
  if (!refresh) $guide.set({ state: 'loading', epgId, date });
  const still = () => {
    const g = $guide.get();
    return g.state !== 'idle' && g.epgId === epgId && g.date === date;
  };
  try {
    const reads = await guideReads(epgId, date);
    if (still()) show(reads);
  } catch {
    if (still() && !refresh) $guide.set({ state: 'error', epgId, date });
  }
}

/** Loads what now/next needs for the watched channel. */
export async function loadTodayPrograms(epgId: string, now: number): Promise<void> {
  if (!epgId) {
    $todayPrograms.set({ epgId: '', programs: [] });
    return;
  }
  const today = utcDay(now);
  const days = await Promise.all([dayReads.get(epgId, addDays(today, -1)), dayReads.get(epgId, today)]).catch(
    () => [],
  );
  const programs = days.flatMap((d) => d.day?.programs ?? []);
  $todayPrograms.set({ epgId, programs: maskProgrammes(programs, $guideMask.get()) });
}

/**
 * One checksum sync of the whole line-up's guide into the store (in the sync worker where possible); the
 * shown day is reloaded after it.
 */
export async function syncGuideNow(relations: Record<string, string>, now = Date.now()): Promise<SyncResult> {
  const started = performance.now();
  const result = await runSync(relations, utcDay(now));
  if (result.fetched > 0 || result.purged > 0) {
    dayReads.clear();
    storedReads.clear();
    $guideRevision.set($guideRevision.get() + 1);
  }
  // Seen by bench/live-guide.ts (and the browser's performance panel).
  performance.measure('ottkit:guide-sync', { start: started, detail: result });
  const g = $guide.get();
  if (result.fetched > 0 && g.state === 'ready') await loadGuide(g.epgId, g.date);
  return result;
}

/** Spec §3 programme status, judged at `now`. */
export function programmeStatus(p: { start: number; stop: number }, now: number): ProgrammeStatus {
  if (now < p.start) return 'notStart';
  return now < p.stop ? 'playing' : 'finished';
}

/** The programme on air at `now` and the one after it. */
export function nowAndNext(programs: readonly EpgProgram[], now: number) {
  const sorted = [...programs].sort((a, b) => a.start - b.start);
  const index = sorted.findIndex((p) => p.start <= now && now < p.stop);
  const current = index >= 0 ? sorted[index] : undefined;
  const next = index >= 0 ? sorted[index + 1] : sorted.find((p) => p.start > now);
  return { now: current ?? null, next: next ?? null };
}

/** The programme after `programId` in a day list (catch-up auto-next). */
export function programmeAfter(programs: readonly EpgProgram[], programId: string): EpgProgram | null {
  const sorted = [...programs].sort((a, b) => a.start - b.start);
  const i = sorted.findIndex((p) => p.programId === programId);
  return i >= 0 ? (sorted[i + 1] ?? null) : null;
}
