import type { Epg } from '@ottkit/api-client';
import { type DBSchema, openDB } from 'idb';
import { writeInSlices } from './bounded.ts';
import { BLOB_MAX_AGE_MS, dayKey, type EpgStore } from './epgStore.ts';

/** The object stores of spec §3's local EPG store. */
interface GuideDb extends DBSchema {
  epg: { key: string; value: Epg & { key: string }; indexes: { byDate: string } };
  epgChecksums: { key: string; value: { key: string; checksum: string } };
  channelEpg: { key: string; value: { logicalChannelId: string; epgId: string } };
  blobs: { key: string; value: { url: string; blob: Blob; savedAt: number } };
}

export const EPG_DB_NAME = 'ottkit-guide';

/**
 * One store per guide language: a day's checksum covers every language's texts, so a store filled in English
 * would never be refetched after the viewer switches to Spanish. Switching fills the new language's store.
 */
export const epgDbName = (lang: string) => `${EPG_DB_NAME}-${lang}`;

/** Deletes the stores of other languages (and the one before languages had their own), freeing their space. */
export function forgetOtherGuideLanguages(lang: string, langs: readonly string[]): void {
  if (typeof indexedDB === 'undefined') return;
  for (const name of [EPG_DB_NAME, ...langs.filter((l) => l !== lang).map(epgDbName)]) {
    // Blocked while another tab still has it open; it goes once that tab closes it.
    indexedDB.deleteDatabase(name);
  }
}
const VERSION = 1;
/** Days cloned into the store per main-thread task (~27 programmes each: ~15 ms on the benchmark machine). */
const PUT_SLICE_DAYS = 100;

/** One day asked of the store, answered when its batch's transaction reads it. */
interface DayAsked {
  key: string;
  resolve: (day: Epg | undefined) => void;
  reject: (error: unknown) => void;
}

/** The guide store in IndexedDB (via `idb`), so a reload shows the guide before the network answers. */
export async function openIdbEpgStore(name = EPG_DB_NAME): Promise<EpgStore> {
  const db = await openDB<GuideDb>(name, VERSION, {
    upgrade(d) {
      d.createObjectStore('epg', { keyPath: 'key' }).createIndex('byDate', 'date');
      d.createObjectStore('epgChecksums', { keyPath: 'key' });
      d.createObjectStore('channelEpg', { keyPath: 'logicalChannelId' });
      d.createObjectStore('blobs', { keyPath: 'url' });
    },
  });
  let dayBatch: DayAsked[] | null = null;
  const readDayBatch = () => {
    const asked = dayBatch ?? [];
    dayBatch = null;
    try {
      const tx = db.transaction('epg');
      tx.done.catch(() => undefined);
      for (const { key, resolve, reject } of asked) {
        tx.store.get(key).then((row) => {
          if (!row) return resolve(undefined);
          const { key: _key, ...epg } = row;
          resolve(epg);
        }, reject);
      }
    } catch (error) {
      for (const { reject } of asked) reject(error);
    }
  };
  return {
    async checksums() {
      const all = await db.getAll('epgChecksums');
      return new Map(all.map((c) => [c.key, c.checksum]));
    },
    async putDays(list) {
      // One transaction (a day and its checksum land together), written in slices: cloning a 500-channel
      // day's programmes in one go held the main thread for ~70 ms (decision 0074).
      const tx = db.transaction(['epg', 'epgChecksums'], 'readwrite');
      const epg = tx.objectStore('epg');
      const sums = tx.objectStore('epgChecksums');
      await writeInSlices(list, PUT_SLICE_DAYS, (day) => {
        const key = dayKey(day.epgId, day.date);
        void epg.put({ ...day, key });
        return sums.put({ key, checksum: day.checksum });
      });
      await tx.done;
    },
    day(epgId, date) {
      // Days asked for together (the guide grid's rows entering, a screenful) are read in one transaction: a
      // transaction per day was a third of the grid's store reads while scrolling (decision 0330).
      return new Promise<Epg | undefined>((resolve, reject) => {
        if (!dayBatch) {
          dayBatch = [];
          queueMicrotask(readDayBatch);
        }
        dayBatch.push({ key: dayKey(epgId, date), resolve, reject });
      });
    },
    async purgeBefore(date) {
      const tx = db.transaction(['epg', 'epgChecksums'], 'readwrite');
      const keys = await tx.objectStore('epg').index('byDate').getAllKeys(IDBKeyRange.upperBound(date, true));
      for (const key of keys) {
        void tx.objectStore('epg').delete(key);
        void tx.objectStore('epgChecksums').delete(key);
      }
      await tx.done;
      return keys.length;
    },
    async putRelations(relations) {
      const tx = db.transaction('channelEpg', 'readwrite');
      await tx.store.clear();
      for (const [logicalChannelId, epgId] of Object.entries(relations))
        void tx.store.put({ logicalChannelId, epgId });
      await tx.done;
    },
    async relations() {
      const all = await db.getAll('channelEpg');
      return Object.fromEntries(all.map((r) => [r.logicalChannelId, r.epgId]));
    },
    async blob(url, now) {
      const hit = await db.get('blobs', url);
      return hit && now - hit.savedAt < BLOB_MAX_AGE_MS ? hit.blob : undefined;
    },
    async putBlob(url, blob, now) {
      await db.put('blobs', { url, blob, savedAt: now });
    },
  };
}
