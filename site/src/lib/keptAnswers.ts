import { cacheStorageKeeper, keptFetch as keeping } from '@ottkit/api-client/kept';

/** The browser's kept answers of revalidated calls (decision 0296); loaded by lib/api.ts on the first one. */
export const keeper = cacheStorageKeeper();
export const keptFetch = keeping((input, init) => fetch(input, init), keeper);
