/**
 * Reads of guide days shared by the guide, now/next and the first-view prime (decision 0074): one read per
 * day in flight, and the latest results kept (at most `max`) until the store changes, so the guide can show a
 * day that was already read without a loading state, and a read started while the page hydrates is not
 * repeated once the guide asks for it.
 */
export interface DayReads<T> {
  /** The day's read: the one in flight or done, else a new one. A failed read is forgotten. */
  get(epgId: string, date: string): Promise<T>;
  /**
   * The day's read as `get` answers it, but a new read is not kept: a scan through many days (the guide grid's
   * rows) neither pushes out the days kept for the list nor keeps full days alive long enough to be promoted
   * to the old heap (decision 0357).
   */
  once(epgId: string, date: string): Promise<T>;
  /** The day's result when a read of it has finished, without waiting. */
  peek(epgId: string, date: string): T | undefined;
  /** The day's read in flight or done, if there is one; never starts one. */
  existing(epgId: string, date: string): Promise<T> | undefined;
  /** Forgets every result (the store was written). Reads in flight still answer their callers. */
  clear(): void;
}

export function createDayReads<T>(read: (epgId: string, date: string) => Promise<T>, max = 32): DayReads<T> {
  const entries = new Map<string, { promise: Promise<T>; done?: { value: T } }>();
  const keyOf = (epgId: string, date: string) => `${epgId}|${date}`;
  return {
    get(epgId, date) {
      const key = keyOf(epgId, date);
      const known = entries.get(key);
      if (known) return known.promise;
      const entry: { promise: Promise<T>; done?: { value: T } } = {
        promise: read(epgId, date).then(
          (value) => {
            entry.done = { value };
            return value;
          },
          (error: unknown) => {
            if (entries.get(key) === entry) entries.delete(key);
            throw error;
          },
        ),
      };
      entries.set(key, entry);
      // Oldest first: Map keeps insertion order.
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return entry.promise;
    },
    once(epgId, date) {
      return entries.get(keyOf(epgId, date))?.promise ?? read(epgId, date);
    },
    peek(epgId, date) {
      return entries.get(keyOf(epgId, date))?.done?.value;
    },
    existing(epgId, date) {
      return entries.get(keyOf(epgId, date))?.promise;
    },
    clear() {
      entries.clear();
    },
  };
}
