import type { TelemetryEventPayload } from '@ottkit/api-client';
import { routes } from '@ottkit/api-client/client';
import { openDB } from 'idb';
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

/** base64 of gzip(JSON): the compressed form body of spec §7. */
export async function compressBody(body: unknown): Promise<string> {
  const stream = new Blob([JSON.stringify(body)]).stream().pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Posts a batch as a compressed form body. `keepalive` lets the request outlive a closing tab; where fetch
 * cannot (bodies over 64 KiB), a beacon carries it and the events stay queued until a later page's flush
 * sees them accepted (the server ignores the repeat).
 */
export const sendBatch: BatchSender = async (events, { closing }) => {
  const form = new URLSearchParams({ data: await compressBody({ events }) });
  if (closing && form.toString().length > 60_000 && 'sendBeacon' in navigator) {
    navigator.sendBeacon(routes.metrics.metricsBatchPost.path, form);
    return false;
  }
  const res = await fetch(routes.metrics.metricsBatchPost.path, {
    method: 'POST',
    body: form,
    keepalive: closing,
    credentials: 'same-origin',
    headers: { client: 'web' },
  });
  if (!res.ok) return false;
  const envelope = (await res.json()) as { errCode?: number };
  return envelope.errCode === 0;
};
