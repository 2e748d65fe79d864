import type { TelemetryEventPayload } from '@ottkit/api-client';
import { createTelemetryQueue, type TelemetryQueue } from '../lib/telemetry/queue.ts';

/** A player telemetry event as @ottkit/player emits it: the queue adds the id and the time. */
export type PlayerTelemetryEvent = DistributiveOmit<TelemetryEventPayload, 'eventId' | 'ts'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

let queue: TelemetryQueue | null = null;

/** The page's telemetry queue, created on first use in the browser (IndexedDB is not there on the server). */
export async function telemetryQueue(): Promise<TelemetryQueue> {
  if (!queue) {
    const { indexedDbEventStore, sendBatch } = await import('../lib/telemetry/browser.ts');
    queue ??= createTelemetryQueue(indexedDbEventStore(), sendBatch);
  }
  return queue;
}

/** The sink every player on the site is given (`telemetry={telemetrySink}`). */
export function telemetrySink(event: PlayerTelemetryEvent) {
  if (typeof window === 'undefined') return;
  const full = { ...event, eventId: crypto.randomUUID(), ts: Date.now() } as TelemetryEventPayload;
  void telemetryQueue().then((q) => q.enqueue(full));
}
