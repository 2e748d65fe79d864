import { cacheStorageKeeper, keptFetch as keeping } from '@ottkit/api-client/kept';

/**
 * The browser's kept answers of revalidated calls (decision 0296); put in front of the channel list by
 * stores/lineupLoad.ts, which only /liveTv loads.
 */
export const keeper = cacheStorageKeeper();
export const keptFetch = keeping((input, init) => fetch(input, init), keeper);
