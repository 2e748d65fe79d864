import type { Epg } from '@ottkit/api-client';

/**
 * The local guide store of spec §3: blobs, epg, epg checksums and channel-to-epg relations. Two
 * implementations share this interface: IndexedDB through `idb` in the browser (epgStoreIdb.ts) and a Map
 * one for tests and for browsers without IndexedDB (epgStoreMemory.ts).
 */
export interface EpgStore {
  /** Every stored checksum, keyed by `dayKey(epgId, date)`. */
  checksums(): Promise<Map<string, string>>;
  /** Writes whole days (programmes and their checksum together, in one transaction where possible). */
  putDays(days: readonly Epg[]): Promise<void>;
  day(epgId: string, date: string): Promise<Epg | undefined>;
  /** Removes every day before `date` (YYYY-MM-DD); answers how many went. */
  purgeBefore(date: string): Promise<number>;
  putRelations(relations: Record<string, string>): Promise<void>;
  /** logicalChannelId → epgId. */
  relations(): Promise<Record<string, string>>;
  /** A cached blob (channel logos) younger than BLOB_MAX_AGE_MS, else undefined. */
  blob(url: string, now: number): Promise<Blob | undefined>;
  putBlob(url: string, blob: Blob, now: number): Promise<void>;
}

/** Spec §9: blob cache expiry, 10 minutes by default. */
export const BLOB_MAX_AGE_MS = 10 * 60_000;
/** Spec §9: guides older than 7 days are purged; the guide shows 7 days back and 3 ahead. */
export const GUIDE_PAST_DAYS = 7;
export const GUIDE_FUTURE_DAYS = 3;

const DAY_MS = 86_400_000;

export const dayKey = (epgId: string, date: string) => `${epgId}|${date}`;

/** The UTC calendar day of an instant: the guide is stored and checksummed per UTC day (decision 0051). */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** `date` moved by `days` whole days. */
export function addDays(date: string, days: number): string {
  return utcDay(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/** The days the guide offers around `today`: 7 back, today, 3 ahead (11 days, oldest first). */
export function guideDays(today: string): string[] {
  const out: string[] = [];
  for (let d = -GUIDE_PAST_DAYS; d <= GUIDE_FUTURE_DAYS; d++) out.push(addDays(today, d));
  return out;
}
