import type { TelemetryEventPayload } from '@ottkit/api-client';
import type { TelemetryQueue } from '../lib/telemetry/queue.ts';

/** A player telemetry event as @ottkit/player emits it: the queue adds the id and the time. */
export type PlayerTelemetryEvent = DistributiveOmit<TelemetryEventPayload, 'eventId' | 'ts'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

let queue: TelemetryQueue | null = null;

/**
 * Set while events may be waiting in IndexedDB (from this page or an earlier one). A page that never played
 * and finds no mark does not load the queue, IndexedDB wrapper or sender at all (docs/decisions/0084).
 */
export const TELEMETRY_PENDING_KEY = 'ottkit_telemetry_pending';

function pendingMark(set?: boolean): boolean {
  try {
    if (set === true) localStorage.setItem(TELEMETRY_PENDING_KEY, '1');
    else if (set === false) localStorage.removeItem(TELEMETRY_PENDING_KEY);
    return localStorage.getItem(TELEMETRY_PENDING_KEY) !== null;
  } catch {
    // No storage (private mode): always look, as before the mark existed.
    return true;
  }
}

/** The page's telemetry queue, created on first use in the browser (IndexedDB is not there on the server). */
export async function telemetryQueue(): Promise<TelemetryQueue> {
  if (!queue) {
    const [{ createTelemetryQueue }, { indexedDbEventStore, sendBatch }] = await Promise.all([
      import('../lib/telemetry/queue.ts'),
      import('../lib/telemetry/browser.ts'),
    ]);
    queue ??= createTelemetryQueue(indexedDbEventStore(), sendBatch);
  }
  return queue;
}

/**
 * Sends what is queued, if anything may be: without a queue in this page and without the pending mark
 * there is nothing to send and nothing is loaded. Clears the mark once the queue is empty.
 */
export async function flushTelemetry(opts?: { closing?: boolean; force?: boolean }): Promise<void> {
  if (!queue && !pendingMark()) return;
  const q = await telemetryQueue();
  await q.flush(opts);
  if ((await q.pending()) === 0) {
    pendingMark(false);
    // An event queued meanwhile keeps its mark.
    if ((await q.pending()) > 0) pendingMark(true);
  }
}

/**
 * True from `pagehide` until the page is shown again: a player ends its session then, and nothing that waits for
 * a module or a store may finish. Heard first (capture), before any player's own listener.
 */
let closing = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (closing = true), { capture: true });
  window.addEventListener('pageshow', () => (closing = false), { capture: true });
}

/**
 * Loads the queue ahead of the first event, for a page that plays: the session a player ends as the page goes
 * away (issue 37) is then stored and sent at once, where loading the queue then would never finish.
 */
export function prepareTelemetry(): void {
  if (typeof window !== 'undefined') void telemetryQueue().catch(() => {});
}

/** The sink every player on the site is given (`telemetry={telemetrySink}`). */
export function telemetrySink(event: PlayerTelemetryEvent) {
  if (typeof window === 'undefined') return;
  const full = { ...event, eventId: crypto.randomUUID(), ts: Date.now() } as TelemetryEventPayload;
  // Marked before it is stored: the next page looks for it even if this one goes before the store answers.
  pendingMark(true);
  if (queue && closing) queue.sendClosing(full);
  const stored = telemetryQueue().then((q) => q.enqueue(full));
  // The console's "viewers now" counts from this report (issue 37): sent at once, not with the next batch.
  if (event.type === 'watching' && !closing) void stored.then(() => flushTelemetry()).catch(() => {});
}
