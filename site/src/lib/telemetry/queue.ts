import type { TelemetryEventPayload } from '@ottkit/api-client';

/** Where queued events wait until the server has accepted them (IndexedDB in the browser). */
export interface EventStore {
  add(event: TelemetryEventPayload): Promise<void>;
  /** The oldest `limit` events. */
  peek(limit: number): Promise<TelemetryEventPayload[]>;
  remove(eventIds: string[]): Promise<void>;
  count(): Promise<number>;
}

/** Sends one batch; resolves true when the server accepted it (an envelope with errCode 0). */
export type BatchSender = (events: TelemetryEventPayload[], opts: { closing: boolean }) => Promise<boolean>;

export const BATCH_SIZE = 50;
/** First wait after a failed send; doubles up to the maximum while the server stays away. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * The telemetry queue: events are stored first and deleted only once the server accepted their batch, so
 * nothing is lost when the tab closes or the network drops. The server ignores event ids it already has,
 * so a batch sent twice (a tab closing mid-request) is harmless.
 */
export function createTelemetryQueue(
  store: EventStore,
  send: BatchSender,
  clock: { now: () => number } = Date,
) {
  let flushing: Promise<number> | null = null;
  let failures = 0;
  let notBefore = 0;

  async function flushOnce(closing: boolean): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await store.peek(BATCH_SIZE);
      if (batch.length === 0) return delivered;
      let ok = false;
      try {
        ok = await send(batch, { closing });
      } catch {
        ok = false;
      }
      if (!ok) {
        failures++;
        notBefore = clock.now() + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (failures - 1));
        return delivered;
      }
      failures = 0;
      notBefore = 0;
      await store.remove(batch.map((e) => e.eventId));
      delivered += batch.length;
      if (closing) return delivered; // one request is all a closing page can count on
    }
  }

  return {
    async enqueue(event: TelemetryEventPayload) {
      await store.add(event);
    },
    /**
     * Sends what is queued, batch by batch. Skipped while backing off after a failure, unless `force`
     * (the network came back, the tab is hiding). Concurrent calls share one run.
     */
    flush(opts: { closing?: boolean; force?: boolean } = {}): Promise<number> {
      if (!opts.force && clock.now() < notBefore) return Promise.resolve(0);
      flushing ??= flushOnce(opts.closing ?? false).finally(() => {
        flushing = null;
      });
      return flushing;
    },
    pending: () => store.count(),
    /**
     * The page is going away: the event is also sent at once, in a request that outlives the page, since the
     * store's write may not finish. Both copies are fine: the server keeps the first.
     */
    sendClosing(event: TelemetryEventPayload) {
      void send([event], { closing: true }).catch(() => false);
    },
  };
}
export type TelemetryQueue = ReturnType<typeof createTelemetryQueue>;
