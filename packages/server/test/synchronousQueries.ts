import type { Db } from '../src/store/db.ts';

// Issue 39: a call that must not block the process on PostgreSQL asks nothing of the synchronous store (each of its
// queries there waits on a worker thread with the whole process stopped). Spied on both engines: the code path is
// the same. On SQLite the asynchronous layer's transactions (`transactionally`, `atomically`) are the connection's
// own synchronous ones by design (decision 0407), so what runs inside a transaction is not counted there; on
// PostgreSQL every statement is.

/** The synchronous store's queries a call made, by their SQL. */
export async function synchronousQueries(store: Db, call: () => Promise<unknown>): Promise<string[]> {
  const db = store as unknown as Record<string, (...a: unknown[]) => unknown>;
  const seen: string[] = [];
  const originals = new Map<string, (...a: unknown[]) => unknown>();
  const sqlite = store.engine !== 'postgres';
  let inside = 0;
  for (const m of ['run', 'get', 'all', 'exec', 'transaction']) {
    const original = db[m] as (...a: unknown[]) => unknown;
    originals.set(m, original);
    db[m] = (...a: unknown[]) => {
      if (!(sqlite && (inside > 0 || m === 'transaction'))) {
        seen.push(`${m}: ${typeof a[0] === 'string' ? a[0] : 'a transaction'}`);
      }
      if (m !== 'transaction') return original.apply(store, a);
      inside++;
      try {
        return original.apply(store, a);
      } finally {
        inside--;
      }
    };
  }
  try {
    await call();
  } finally {
    for (const [m, original] of originals) db[m] = original;
  }
  return seen;
}
