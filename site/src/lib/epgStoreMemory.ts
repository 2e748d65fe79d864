import type { Epg } from '@ottkit/api-client';
import { BLOB_MAX_AGE_MS, dayKey, type EpgStore } from './epgStore.ts';

/** The guide store in memory: tests, and browsers where IndexedDB is unavailable (private modes). */
export function createMemoryEpgStore(): EpgStore {
  const days = new Map<string, Epg>();
  let relations: Record<string, string> = {};
  const blobs = new Map<string, { blob: Blob; savedAt: number }>();
  return {
    async checksums() {
      return new Map([...days].map(([key, epg]) => [key, epg.checksum]));
    },
    async putDays(list) {
      for (const epg of list) days.set(dayKey(epg.epgId, epg.date), epg);
    },
    async day(epgId, date) {
      return days.get(dayKey(epgId, date));
    },
    async purgeBefore(date) {
      let n = 0;
      for (const [key, epg] of days) {
        if (epg.date < date) {
          days.delete(key);
          n++;
        }
      }
      return n;
    },
    async putRelations(next) {
      relations = { ...next };
    },
    async relations() {
      return { ...relations };
    },
    async blob(url, now) {
      const hit = blobs.get(url);
      return hit && now - hit.savedAt < BLOB_MAX_AGE_MS ? hit.blob : undefined;
    },
    async putBlob(url, blob, now) {
      blobs.set(url, { blob, savedAt: now });
    },
  };
}
