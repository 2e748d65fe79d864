import type { Db } from '../src/store/db.ts';

// Issue 39: a call that must not block the process on PostgreSQL asks nothing of the synchronous store (each of its
// queries there waits on a worker thread with the whole process stopped). Spied on both engines: the code path is
// the same.

/** The synchronous store's queries a call made, by their SQL. */
export async function synchronousQueries(store: Db, call: () => Promise<unknown>): Promise<string[]> {
  const db = store as unknown as Record<string, (...a: unknown[]) => unknown>;
  const seen: string[] = [];
  const originals = new Map<string, (...a: unknown[]) => unknown>();
  for (const m of ['run', 'get', 'all', 'exec', 'transaction']) {
    const original = db[m] as (...a: unknown[]) => unknown;
    originals.set(m, original);
    db[m] = (...a: unknown[]) => {
      seen.push(`${m}: ${typeof a[0] === 'string' ? a[0] : 'a transaction'}`);
      return original.apply(store, a);
    };
  }
  try {
    await call();
  } finally {
    for (const [m, original] of originals) db[m] = original;
  }
  return seen;
}
