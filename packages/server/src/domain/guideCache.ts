import type { Db } from '../store/db.ts';
import { sharedStateOf, TOPIC } from '../shared/sharedState.ts';

/** What identifies the stored version of a day: its checksum and its update time (decision 0075). */
export interface DayStamp {
  checksum: string;
  updatedAt: number;
}

interface Entry extends DayStamp {
  json: string;
}

/**
 * The guide days already serialised, per (epgId, day, language, with or without the multilingual lists): the
 * programmes array as JSON text. An entry is used only while the stored day still has the same checksum and
 * update time (read from the database on every call, so a write by any process is seen); it is bounded by the
 * total length of its texts, least recently used first out.
 */
export class GuideCache {
  readonly maxChars: number;
  #chars = 0;
  readonly #entries = new Map<string, Entry>();

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  static key(epgId: string, day: string, lang: string, withMultilingual: boolean): string {
    return `${epgId}|${day}|${lang}|${withMultilingual ? 1 : 0}`;
  }

  /** The text of this version of the day, when kept. */
  get(key: string, stamp: DayStamp): string | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (e.checksum !== stamp.checksum || e.updatedAt !== stamp.updatedAt) {
      this.#drop(key, e);
      return undefined;
    }
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.json;
  }

  set(key: string, stamp: DayStamp, json: string): void {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    if (json.length > this.maxChars) return;
    this.#entries.set(key, { checksum: stamp.checksum, updatedAt: stamp.updatedAt, json });
    this.#chars += json.length;
    for (const [k, e] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#drop(k, e);
    }
  }

  /** Drops every language of a day (it was just written). */
  forgetDay(epgId: string, day: string, langs: readonly string[]): void {
    for (const lang of langs) {
      for (const m of [false, true]) {
        const key = GuideCache.key(epgId, day, lang, m);
        const e = this.#entries.get(key);
        if (e) this.#drop(key, e);
      }
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get chars(): number {
    return this.#chars;
  }

  #drop(key: string, e: Entry): void {
    this.#entries.delete(key);
    this.#chars -= e.json.length;
  }
}

/**
 * Characters kept by default: the 11 days of a 500-channel line-up in one language without the multilingual
 * lists are ~29 M characters; JavaScript keeps a string at 1 or 2 bytes a character.
 */
export const GUIDE_CACHE_CHARS = 48_000_000;

const caches = new WeakMap<Db, GuideCache>();

/** The cache of this database (one per open database, so tests with their own database start empty). */
export function guideCacheOf(db: Db): GuideCache {
  let c = caches.get(db);
  if (!c) {
    c = new GuideCache(GUIDE_CACHE_CHARS);
    caches.set(db, c);
  }
  return c;
}

/** Gives this database a new, empty cache of another size (tests, embedders with little memory). */
export function limitGuideCache(db: Db, maxChars: number): GuideCache {
  const c = new GuideCache(maxChars);
  caches.set(db, c);
  return c;
}

/**
 * Drops a day just written from the cache, if there is one (an entry would not be used anyway), and tells the
 * other processes to drop theirs (decision 0260). A lost message costs memory only: every read checks the stamp.
 */
export function forgetGuideDay(db: Db, epgId: string, day: string, langs: readonly string[]): void {
  caches.get(db)?.forgetDay(epgId, day, langs);
  sharedStateOf(db)
    .publish(TOPIC.guideDay, guideDayMessage(epgId, day, langs))
    .catch(() => {});
}

export const guideDayMessage = (epgId: string, day: string, langs: readonly string[]) =>
  `${epgId}|${day}|${langs.join(',')}`;

/** Drops what a `guideDayMessage` names from this process's cache. */
export function forgetGuideDayMessage(db: Db, message: string): void {
  const [epgId, day, langs] = message.split('|');
  if (epgId && day && langs) caches.get(db)?.forgetDay(epgId, day, langs.split(','));
}
