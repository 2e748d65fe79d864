/**
 * Runs `task` for every item with at most `limit` running at once, starting them in order. The first failure
 * stops new starts; the answer rejects with it once the running ones have settled (so nothing is still
 * writing when the caller retries).
 *
 * @example await forEachBounded(batches, 2, (b) => fetchAndStore(b));
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function lane() {
    while (!failure && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw failure.error;
}

/**
 * Issues `write` for every item, a slice of `size` at a time, waiting for the last write of a slice before
 * the next: the main thread is free between slices (a store's writes clone their values synchronously), and an
 * IndexedDB transaction stays open because a request of it is always pending or just answered.
 */
export async function writeInSlices<T>(
  items: readonly T[],
  size: number,
  write: (item: T) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    let last: Promise<unknown> | undefined;
    for (const item of items.slice(i, i + size)) last = write(item);
    await last;
  }
}
