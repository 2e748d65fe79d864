/*
 * Clearing the kept answers (decision 0320), in a module of its own: the site's session store (on every page)
 * imports this alone, so the keeper and `keptFetch` (only /liveTv loads them) stay out of every page's scripts.
 */

/** The Cache Storage cache the browser keeps answers in (`cacheStorageKeeper`'s default). */
export const KEPT_ANSWERS_CACHE = 'ottkit-kept-answers';

/**
 * Forgets the answers kept in Cache Storage under `name`: the site calls it when a viewer signs out or their
 * session ends, so the last viewer's channel list (with their favourites) does not stay in the browser. Alone,
 * so a page that never keeps answers can clear them for a few bytes (the /home budget, decision 0084);
 * `cacheStorageKeeper().clear()` is this. Never rejects.
 */
export async function forgetKeptAnswers(name = KEPT_ANSWERS_CACHE): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(name).catch(() => false);
}
