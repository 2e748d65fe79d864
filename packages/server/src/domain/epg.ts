import { createHash } from 'node:crypto';
import type { Epg, EpgProgram, GuideLang } from '@ottkit/api-client/contract';
import { addDays, dayOf } from '../guide/days.ts';
import { type GuideProgram, generateGuideDay, genreOfColumn } from '../guide/generate.ts';
import { type KeptPerLineup, keptPerLineupVersion } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import {
  addDay,
  dayStamps,
  purgeDaysBefore,
  purgeDaysBeforeNow,
  readDaysNow,
  storedDayCount,
  storedDayKeys,
  storedDays,
  writeDay,
} from '../store/epg.ts';
import { offersCatchup } from './authority.ts';
import { forgetGuideDay, GuideCache, guideCacheOf } from './guideCache.ts';
import { ageRatingOf } from './ageRating.ts';
import { LANGS } from '@ottkit/api-client/contract';

/** The guide the server keeps: 7 days back and 3 ahead of today (UTC), like the site's local store (spec §4). */
export const GUIDE_PAST_DAYS = 7;
export const GUIDE_FUTURE_DAYS = 3;

/** What the generator needs to know of the channel that owns a guide. */
export interface EpgSource {
  genreColumn: string | undefined;
  isCatchup: boolean;
  /** The guide of an imported channel (issue 16): written by its source's import, never generated. */
  imported: boolean;
}

/**
 * Every guide of the line-up, by epgId (the first channel carrying it decides the genre). Read once per version
 * of the line-up and kept, like the channel list: every guide call asks, and at 10,000 channels the read takes
 * ~45 ms, which each of a viewer's ten checksum calls paid twice (decision 0355).
 */
export const epgSources: KeptPerLineup<ReadonlyMap<string, EpgSource>> = keptPerLineupVersion(
  readEpgSources,
  readEpgSourcesNow,
);

/** The guides ottkit generates: imported ones never are (a day their feed does not give stays absent). */
const generated = (sources: ReadonlyMap<string, EpgSource>) =>
  new Map([...sources].filter(([, src]) => !src.imported));
const generatedSources = keptPerLineupVersion(
  (db) => generated(epgSources(db)),
  async (db) => generated(await epgSources.now(db)),
);

function readEpgSources(db: Db): Map<string, EpgSource> {
  return epgSourcesOf(
    db.all<EpgSourceRow>(
      `SELECT c.epg_id, c.can_play_back, c.playback_duration,
         EXISTS (SELECT 1 FROM source_channels s WHERE s.logical_channel_id = c.logical_channel_id) AS imported,
         (SELECT m.column_id FROM channel_column_members m JOIN channel_columns k ON k.column_id = m.column_id
          WHERE m.logical_channel_id = c.logical_channel_id ORDER BY k.column_seq LIMIT 1) AS column_id
       FROM channels c ORDER BY c.channel_seq`,
    ),
  );
}

/** `readEpgSources` on the asynchronous store (decision 0434). */
async function readEpgSourcesNow(db: Db): Promise<Map<string, EpgSource>> {
  const rows = await db.kysely
    .selectFrom('channels as c')
    .select((eb) => [
      'c.epg_id',
      'c.can_play_back',
      'c.playback_duration',
      eb
        .exists(
          eb
            .selectFrom('source_channels as s')
            .select('s.logical_channel_id')
            .whereRef('s.logical_channel_id', '=', 'c.logical_channel_id'),
        )
        .as('imported'),
      eb
        .selectFrom('channel_column_members as m')
        .innerJoin('channel_columns as k', 'k.column_id', 'm.column_id')
        .select('m.column_id')
        .whereRef('m.logical_channel_id', '=', 'c.logical_channel_id')
        .orderBy('k.column_seq')
        .limit(1)
        .as('column_id'),
    ])
    .orderBy('c.channel_seq')
    .execute();
  return epgSourcesOf(rows);
}

interface EpgSourceRow {
  epg_id: string;
  can_play_back: number;
  playback_duration: number;
  column_id: string | null;
  /** 1 or 0 on SQLite, a boolean on PostgreSQL. */
  imported: number | boolean | null;
}

/** The first channel carrying a guide decides its genre. */
function epgSourcesOf(rows: EpgSourceRow[]): Map<string, EpgSource> {
  const out = new Map<string, EpgSource>();
  for (const r of rows) {
    if (out.has(r.epg_id)) continue;
    out.set(r.epg_id, {
      genreColumn: r.column_id ?? undefined,
      isCatchup: offersCatchup({ canPlayBack: r.can_play_back === 1, playbackDuration: r.playback_duration }),
      imported: r.imported === 1 || r.imported === true,
    });
  }
  return out;
}

/** The days of the kept window around `now`, oldest first. */
export function guideWindow(now: number): string[] {
  const today = dayOf(now);
  const days: string[] = [];
  for (let i = -GUIDE_PAST_DAYS; i <= GUIDE_FUTURE_DAYS; i++) days.push(addDays(today, i));
  return days;
}

/** A day's checksum: a digest of exactly what the day's programmes say, so it changes exactly when they do. */
export function guideChecksum(programs: readonly GuideProgram[]): string {
  const canonical = programs.map((p) => {
    const entry: unknown[] = [
      p.programId,
      p.start,
      p.stop,
      p.isCatchup,
      // Language codes are lowercase ASCII: plain comparison orders them as localeCompare did, far cheaper.
      [...p.texts]
        .sort((a, b) => (a.lang < b.lang ? -1 : a.lang > b.lang ? 1 : 0))
        .map((t) => [t.lang, t.title, t.content]),
    ];
    // Only when present, so the checksums of days without them (every seeded day) stay what they were.
    if (p.categories || p.rating) entry.push(p.categories ?? [], p.rating ?? null);
    return entry;
  });
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 32);
}

/**
 * Stores a day (operator import or generation). Returns true when it changed: storing the same programmes
 * again keeps the checksum and the day's update time.
 */
export function putGuideDay(
  db: Db,
  epgId: string,
  day: string,
  programs: GuideProgram[],
  now: number,
): boolean {
  const checksum = guideChecksum(programs);
  const current = db.get<{ checksum: string }>(
    'SELECT checksum FROM epg_days WHERE epg_id = ? AND day = ?',
    epgId,
    day,
  );
  if (current?.checksum === checksum) return false;
  writeDay(db, epgId, day, programs, checksum, now);
  // Not needed for correctness (an entry is checked against the stored day on use): frees the memory at once.
  forgetGuideDay(db, epgId, day, LANGS);
  return true;
}

/**
 * Generation on demand (decision 0051): every (epgId, day) of the window that is not stored yet is generated
 * from the deterministic function and stored, in one transaction; days before the window are purged.
 */
export function ensureGuide(db: Db, epgIds: readonly string[] | undefined, now: number): void {
  const window = guideWindow(now);
  const first = window[0] as string;
  const last = window[window.length - 1] as string;
  const sources = generatedSources(db);
  const wanted = wantedGuides(sources, epgIds);
  if (wanted.length === 0) return;
  const have = new Set(storedDays(db, first, last, epgIds).map((r) => `${r.epg_id}|${r.day}`));
  const missing = missingDays(sources, wanted, window, have);
  if (missing.length === 0) return;
  db.transaction(() => {
    purgeDaysBefore(db, addDays(first, -1));
    for (const { id, day, src } of missing) putGuideDay(db, id, day, generatedDay(id, src, day), now);
  });
}

/** The (guide, day) pairs of the window that are not stored (`have`: keys `epgId|day`), with each guide's source. */
function missingDays(
  sources: ReadonlyMap<string, EpgSource>,
  wanted: readonly string[],
  window: readonly string[],
  have: ReadonlySet<string>,
): Array<{ id: string; day: string; src: EpgSource }> {
  const missing = [];
  for (const id of wanted) {
    const src = sources.get(id);
    if (src) for (const day of window) if (!have.has(`${id}|${day}`)) missing.push({ id, day, src });
  }
  return missing;
}

/** What the deterministic generation makes for a guide's day. */
const generatedDay = (id: string, src: EpgSource, day: string) =>
  generateGuideDay(id, genreOfColumn(src.genreColumn), day, src.isCatchup);

/**
 * `ensureGuide` for a viewer's call (decision 0410): the usual case, a complete window for these guides (counted by
 * key) or for the whole line-up, is one count on the asynchronous store; only a day that may be missing takes
 * the exact scan and the generation (`fillWindow`, below).
 */
export async function ensureGuideNow(
  db: Db,
  epgIds: readonly string[] | undefined,
  now: number,
): Promise<void> {
  const window = guideWindow(now);
  const sources = await generatedSources.now(db);
  const wanted = wantedGuides(sources, epgIds);
  if (wanted.length === 0) return;
  const first = window[0] as string;
  const last = window[window.length - 1] as string;
  const complete = epgIds
    ? (await storedDayCount(db, first, last, wanted)) === wanted.length * window.length
    : (await storedDayCount(db, first, last)) === sources.size * window.length;
  if (!complete) await fillWindowOnce(db, wanted, epgIds === undefined, now);
}

/** The fillings in flight, per database and what they fill: a process's calls at once wait for the same one. */
const filling = new WeakMap<Db, Map<string, Promise<void>>>();

function fillWindowOnce(db: Db, wanted: string[], wholeLineup: boolean, now: number): Promise<void> {
  const key = `${dayOf(now)}|${wholeLineup ? '*' : [...wanted].sort().join(',')}`;
  let mine = filling.get(db);
  if (!mine) {
    mine = new Map();
    filling.set(db, mine);
  }
  const running = mine.get(key);
  if (running) return running;
  const inFlight = mine;
  const work = fillWindow(db, wanted, wholeLineup, now).finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

/**
 * `ensureGuide` for a viewer's call, on the asynchronous store (decision 0418): the first call of a new day finds a
 * day of every guide missing, and generating them (a few milliseconds a guide) must not stop the process. Each day
 * is its own short transaction (`addDay`: another process generating the same day at once writes it once), and
 * the event loop turns between days, on SQLite too, so other requests and media go on meanwhile.
 */
async function fillWindow(db: Db, wanted: string[], wholeLineup: boolean, now: number): Promise<void> {
  const window = guideWindow(now);
  const first = window[0] as string;
  const last = window[window.length - 1] as string;
  const sources = await generatedSources.now(db);
  const have = await storedDayKeys(db, first, last, wholeLineup ? undefined : wanted);
  await purgeDaysBeforeNow(db, addDays(first, -1));
  // A day that was not stored has no kept text anywhere that could still be used (each is checked against the
  // stored day's stamp), so nothing is forgotten and no other process is told.
  for (const { id, day, src } of missingDays(sources, wanted, window, have)) {
    const programs = generatedDay(id, src, day);
    await addDay(db, id, day, programs, guideChecksum(programs), now);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The generated guides among `epgIds` (every one when none is given). */
function wantedGuides(sources: ReadonlyMap<string, EpgSource>, epgIds: readonly string[] | undefined) {
  return epgIds ? [...new Set(epgIds.filter((id) => sources.has(id)))] : [...sources.keys()];
}

/** A programme's text in `lang`, else English, else the first it has. */
export const textIn = (p: GuideProgram, lang: GuideLang) =>
  p.texts.find((x) => x.lang === lang) ?? p.texts.find((x) => x.lang === 'en') ?? p.texts[0];

function inLang(p: GuideProgram, lang: GuideLang, withMultilingual: boolean): EpgProgram {
  const t = textIn(p, lang);
  // Issue 20 §2: the programme's rating on the profiles' scale, only when it has one (decision 0286).
  const ageRating = ageRatingOf(p.rating?.value);
  return {
    programId: p.programId,
    start: p.start,
    stop: p.stop,
    title: t?.title ?? '',
    content: t?.content ?? '',
    isCatchup: p.isCatchup,
    multilingualList: withMultilingual
      ? p.texts.map((x) => ({ lang: x.lang, title: x.title, content: x.content }))
      : [],
    ...(ageRating ? { ageRating } : {}),
  };
}

/** A guide's day with its programmes as JSON text in the language asked (kept in the guide cache). */
export interface GuideDayText extends Omit<Epg, 'programs'> {
  programsJson: string;
}

/**
 * The stored guides of these epgIds for these days, in the given language, with each day's programmes as JSON
 * text; absent days are left out. A day's text is made once per (day, language, multilingual or not) and kept
 * while the stored day keeps its checksum and update time (`GuideCache`, decision 0075).
 */
export async function readGuideTexts(
  db: Db,
  epgIds: readonly string[],
  days: readonly string[],
  lang: GuideLang,
  withMultilingual = true,
): Promise<GuideDayText[]> {
  const sources = await epgSources.now(db);
  const cache = guideCacheOf(db);
  const out: GuideDayText[] = [];
  for (const day of days) {
    const stamps = await dayStamps(db, day, epgIds);
    const texts = new Map<string, { checksum: string; json: string }>();
    const missing: string[] = [];
    for (const id of new Set(epgIds)) {
      const stamp = stamps.get(id);
      if (!stamp) continue;
      const json = cache.get(GuideCache.key(id, day, lang, withMultilingual), stamp);
      if (json === undefined) missing.push(id);
      else texts.set(id, { checksum: stamp.checksum, json });
    }
    if (missing.length > 0) {
      // The checksum answered is the one of the version read, even if the day changed since the stamps.
      for (const [id, stored] of await readDaysNow(db, day, missing)) {
        const json = JSON.stringify(stored.programs.map((p) => inLang(p, lang, withMultilingual)));
        cache.set(GuideCache.key(id, day, lang, withMultilingual), stored, json);
        texts.set(id, { checksum: stored.checksum, json });
      }
    }
    for (const id of epgIds) {
      const text = texts.get(id);
      if (!text) continue;
      out.push({
        epgId: id,
        isCatchup: sources.get(id)?.isCatchup ?? false,
        date: day,
        checksum: text.checksum,
        programsJson: text.json,
      });
    }
  }
  return out;
}

/** The stored guides of these epgIds for these days, in the given language; absent days are left out. */
export async function readGuides(
  db: Db,
  epgIds: readonly string[],
  days: readonly string[],
  lang: GuideLang,
  withMultilingual = true,
): Promise<Epg[]> {
  return (await readGuideTexts(db, epgIds, days, lang, withMultilingual)).map(({ programsJson, ...g }) => ({
    ...g,
    programs: JSON.parse(programsJson) as EpgProgram[],
  }));
}

/** The days from date - pastDays to date + futureDays. */
export function dayRange(date: string, pastDays: number, futureDays: number): string[] {
  const days: string[] = [];
  for (let i = -pastDays; i <= futureDays; i++) days.push(addDays(date, i));
  return days;
}
