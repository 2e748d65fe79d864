import type { SyncResult } from '../lib/epgStoreSync.ts';
import { repeat } from './repeat.ts';

/** Spec §9: EPG sync retries after 5 s and repeats every 5 minutes. */
export const EPG_SYNC_RETRY_MS = 5_000;
export const EPG_SYNC_INTERVAL_MS = 5 * 60_000;
/** The first sync waits this long, so it does not compete with the page's first view (decision 0074). */
export const EPG_SYNC_FIRST_DELAY_MS = 2_000;

/** Starts the guide sync job; `sync` is one checksum sync of the local store (stores/epg.ts). */
export function startEpgSync(sync: () => Promise<SyncResult>): () => void {
  return repeat(sync, {
    everyMs: EPG_SYNC_INTERVAL_MS,
    retryMs: EPG_SYNC_RETRY_MS,
    delayFirstMs: EPG_SYNC_FIRST_DELAY_MS,
  });
}
