import type { TelemetryEventPayload } from '@ottkit/api-client';
import { openDB } from 'idb';
import { browserApi } from '../api.ts';
import type { BatchSender, EventStore } from './queue.ts';

const DB_NAME = 'ottkit-telemetry';
const STORE = 'events';

/** The queue's IndexedDB store: events by id, oldest first by their `ts` index. */
export function indexedDbEventStore(): EventStore {
  // Version 2: a database that exists without the store (opened elsewhere before this page created it, as
  // a bare `indexedDB.open(name)` does) is upgraded too.
  const db = openDB(DB_NAME, 2, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(STORE))
        d.createObjectStore(STORE, { keyPath: 'eventId' }).createIndex('ts', 'ts');
    },
  });
  return {
    async add(event) {
      await (await db).put(STORE, event);
    },
    async peek(limit) {
      return (await (await db).getAllFromIndex(STORE, 'ts', null, limit)) as TelemetryEventPayload[];
    },
    async remove(ids) {
      const tx = (await db).transaction(STORE, 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },
    async count() {
      return (await db).count(STORE);
    },
  };
}

/**
 * Posts a batch through the client, which sends it as the compressed form body its descriptor names. On a
 * closing tab the call is kept alive; where the browser refuses (bodies over 64 KiB) the client hands it to a
 * beacon and the call fails, so the events stay queued until a later page's flush sees them accepted (the
 * server ignores the repeat).
 */
export const sendBatch: BatchSender = async (events, { closing }) => {
  try {
    await browserApi.metrics.metricsBatchPost({ events }, { keepalive: closing });
    return true;
  } catch {
    return false;
  }
};
