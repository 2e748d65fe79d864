import type { Epg } from '@ottkit/api-client';
import { forEachBounded } from './bounded.ts';
import { addDays, dayKey, type EpgStore, GUIDE_FUTURE_DAYS, GUIDE_PAST_DAYS } from './epgStore.ts';

/** The two server calls a sync needs (checksum query v1 and EPG query v2), injectable for tests. */
export interface GuideSource {
  checksums(req: {
    date: string;
    epgIdList: string[];
    pastDays: number;
    futureDays: number;
  }): Promise<{ checksumList: { epgId: string; date: string; checksum: string }[] }>;
  days(req: { date: string; epgIdList: string[] }): Promise<{ epgList: Epg[] }>;
}

/** The most epgIds one call takes (the contract's limit). */
export const EPG_BATCH = 1000;
/** Day calls in flight at once during a sync (decision 0074). */
export const EPG_FETCH_CONCURRENCY = 2;

export interface SyncResult {
  /** Days fetched because their checksum differed or they were missing. */
  fetched: number;
  /** Days whose checksum matched the store. */
  unchanged: number;
  purged: number;
}

/**
 * Spec §3/§9 guide sync by checksum: ask for the checksums of 7 days back to 3 ahead, fetch only the days
 * whose checksum the store does not hold, write them, then purge what is older than 7 days.
 */
export async function syncGuide(opts: {
  store: EpgStore;
  source: GuideSource;
  /** logicalChannelId → epgId of the line-up (kept as the channel-to-epg relations). */
  relations: Record<string, string>;
  today: string;
}): Promise<SyncResult> {
  const { store, source, today } = opts;
  await store.putRelations(opts.relations);
  const epgIds = [...new Set(Object.values(opts.relations).filter(Boolean))];
  const remote: { epgId: string; date: string; checksum: string }[] = [];
  for (const batch of chunks(epgIds, EPG_BATCH)) {
    const answer = await source.checksums({
      date: today,
      epgIdList: batch,
      pastDays: GUIDE_PAST_DAYS,
      futureDays: GUIDE_FUTURE_DAYS,
    });
    remote.push(...answer.checksumList);
  }
  const local = await store.checksums();
  const stale = new Map<string, string[]>();
  let unchanged = 0;
  for (const c of remote) {
    if (local.get(dayKey(c.epgId, c.date)) === c.checksum) {
      unchanged++;
      continue;
    }
    const ids = stale.get(c.date) ?? [];
    ids.push(c.epgId);
    stale.set(c.date, ids);
  }
  // Today first (what the page shows), then the other days; a few calls in flight, so the server prepares the
  // next day while the browser stores the last one. Each answer is stored as it arrives, day and checksum
  // together, so a sync that fails half-way keeps what it stored and fetches only the rest next time.
  const batches = [...stale]
    .sort(([a], [b]) => Number(b === today) - Number(a === today))
    .flatMap(([date, ids]) => chunks(ids, EPG_BATCH).map((epgIdList) => ({ date, epgIdList })));
  let fetched = 0;
  await forEachBounded(batches, EPG_FETCH_CONCURRENCY, async (batch) => {
    const { epgList } = await source.days(batch);
    await store.putDays(epgList);
    fetched += epgList.length;
  });
  const purged = await store.purgeBefore(addDays(today, -GUIDE_PAST_DAYS));
  return { fetched, unchanged, purged };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
