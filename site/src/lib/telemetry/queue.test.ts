import type { TelemetryEventPayload } from '@ottkit/api-client';
import { VIEWERS_NOW_MINUTES } from '@ottkit/api-client/contract';
import { WATCHING_EVERY_MS } from '@ottkit/player';
import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, createTelemetryQueue, type EventStore, RETRY_BASE_MS } from './queue.ts';

function memoryStore(): EventStore & { items: TelemetryEventPayload[] } {
  const items: TelemetryEventPayload[] = [];
  return {
    items,
    add: async (e) => void items.push(e),
    peek: async (n) => items.slice(0, n),
    remove: async (ids) => {
      for (const id of ids)
        items.splice(
          items.findIndex((e) => e.eventId === id),
          1,
        );
    },
    count: async () => items.length,
  };
}
const event = (i: number): TelemetryEventPayload => ({
  eventId: `evt-${String(i).padStart(6, '0')}`,
  ts: 1,
  type: 'playError',
  mode: 'live',
  code: 'media',
  message: 'x',
});

describe('telemetry queue', () => {
  it('keeps events until the server accepts them, then delivers each once', async () => {
    const store = memoryStore();
    const clock = { now: () => 0 };
    let up = false;
    const received: string[] = [];
    const q = createTelemetryQueue(
      store,
      async (batch) => {
        if (!up) throw new Error('down');
        received.push(...batch.map((e) => e.eventId));
        return true;
      },
      clock,
    );
    await q.enqueue(event(1));
    await q.enqueue(event(2));
    expect(await q.flush()).toBe(0);
    expect(await q.pending()).toBe(2);
    up = true;
    expect(await q.flush({ force: true })).toBe(2);
    expect(await q.flush({ force: true })).toBe(0);
    expect(received).toEqual(['evt-000001', 'evt-000002']);
    expect(await q.pending()).toBe(0);
  });

  it('backs off after a failure and doubles the wait', async () => {
    const store = memoryStore();
    let t = 0;
    let calls = 0;
    const q = createTelemetryQueue(
      store,
      async () => {
        calls++;
        return false;
      },
      { now: () => t },
    );
    await q.enqueue(event(1));
    await q.flush();
    expect(calls).toBe(1);
    t = RETRY_BASE_MS - 1;
    await q.flush();
    expect(calls).toBe(1);
    t = RETRY_BASE_MS;
    await q.flush();
    expect(calls).toBe(2);
    t += 2 * RETRY_BASE_MS - 1;
    await q.flush();
    expect(calls).toBe(2);
    await q.flush({ force: true });
    expect(calls).toBe(3);
  });

  it('sends in batches, and only one batch when the page is closing', async () => {
    const store = memoryStore();
    const sizes: number[] = [];
    const q = createTelemetryQueue(store, async (b) => {
      sizes.push(b.length);
      return true;
    });
    for (let i = 0; i < BATCH_SIZE * 2 + 3; i++) await q.enqueue(event(i));
    expect(await q.flush({ closing: true })).toBe(BATCH_SIZE);
    expect(await q.flush()).toBe(BATCH_SIZE + 3);
    expect(sizes).toEqual([BATCH_SIZE, BATCH_SIZE, 3]);
  });

  it('shares one run between concurrent flushes', async () => {
    const store = memoryStore();
    let calls = 0;
    const q = createTelemetryQueue(store, async () => {
      calls++;
      return true;
    });
    await q.enqueue(event(1));
    await Promise.all([q.flush(), q.flush(), q.flush()]);
    expect(calls).toBe(1);
  });
});

describe('viewers now (issue 37)', () => {
  it("the console's window holds two of a player's watching reports, so a viewer never drops out between them", () => {
    expect(VIEWERS_NOW_MINUTES * 60_000).toBeGreaterThanOrEqual(2 * WATCHING_EVERY_MS);
  });
});
