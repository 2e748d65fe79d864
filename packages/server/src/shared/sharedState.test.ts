import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebian } from '../cluster/debian.mjs';
import { RedisState } from './redisState.ts';
import { freePort, type RunningRedis, startRedis } from './redisServer.ts';
import { MemoryState, type SharedState } from './sharedState.ts';

// Every behaviour runs against both implementations: one process (memory) and two processes' clients over one
// Redis started here on a temporary folder and a loopback port.
let redis: RunningRedis;
let dir: string;
const opened: SharedState[] = [];

beforeAll(async () => {
  ensureDebian('redis-server', ['redis-server'], 'for the shared-state tests');
  dir = mkdtempSync(join(tmpdir(), 'ottkit-redis-'));
  redis = await startRedis(dir, await freePort());
}, 300_000);
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function redisPair(): Promise<[SharedState, SharedState]> {
  const a = new RedisState(redis.url);
  const b = new RedisState(redis.url);
  opened.push(a, b);
  await Promise.all([a.ready(), b.ready()]);
  return [a, b];
}
async function memoryPair(): Promise<[SharedState, SharedState]> {
  const a = new MemoryState();
  return [a, a];
}

const unique = () => Math.random().toString(36).slice(2);

describe.each([
  ['memory', memoryPair],
  ['redis', redisPair],
])('shared state (%s)', (_kind, pair) => {
  it('spends one bucket from every process: a burst, then the refill rate', async () => {
    const [a, b] = await pair();
    const key = `k-${unique()}`;
    const policy = { capacity: 3, refillPerSecond: 2 };
    expect(await a.take(key, policy, 2, 1000)).toEqual({ ok: true });
    expect(await b.take(key, policy, 1, 1000)).toEqual({ ok: true });
    expect(await a.take(key, policy, 1, 1000)).toEqual({ ok: false, retryAfterMs: 500 });
    expect(await b.take(key, policy, 1, 1500)).toEqual({ ok: true });
    // Never more than the capacity, however long it waited.
    expect((await a.take(key, policy, 4, 600_000)).ok).toBe(false);
    expect((await a.take(key, policy, 3, 600_000)).ok).toBe(true);
  });

  it('gives a lock to one owner at a time; the holder renews and gives it back', async () => {
    const [a, b] = await pair();
    const name = `live-packager:${unique()}`;
    expect(await a.lock(name, 'p1', 60_000)).toBe(true);
    expect(await b.lock(name, 'p2', 60_000)).toBe(false);
    expect(await a.lock(name, 'p1', 60_000)).toBe(true);
    await b.unlock(name, 'p2');
    expect(await b.lock(name, 'p2', 60_000)).toBe(false);
    await a.unlock(name, 'p1');
    expect(await b.lock(name, 'p2', 60_000)).toBe(true);
  });

  it('frees the lock of an owner that stopped renewing it', async () => {
    const [a, b] = await pair();
    const name = `live-packager:${unique()}`;
    expect(await a.lock(name, 'p1', 30)).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect(await b.lock(name, 'p2', 60_000)).toBe(true);
  });

  it('tells any process who holds a lock and since when, the same while it is renewed', async () => {
    const [a, b] = await pair();
    const [one, two] = [`live:${unique()}`, `live:${unique()}`];
    const before = Date.now();
    expect(await a.lock(one, 'p1', 60_000)).toBe(true);
    const [held, free] = (await b.holders?.([one, two])) ?? [];
    expect(held?.owner).toBe('p1');
    expect(held?.since).toBeGreaterThanOrEqual(before);
    expect(free).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(await a.lock(one, 'p1', 60_000)).toBe(true);
    expect((await b.holders?.([one]))?.[0]).toEqual(held);
    await a.unlock(one, 'p1');
    expect(await b.holders?.([one])).toEqual([undefined]);
  });

  it('delivers an invalidation published by one process to the others', async () => {
    const [a, b] = await pair();
    const topic = `t-${unique()}`;
    const got = new Promise<string>((resolve) => b.subscribe(topic, resolve));
    // The subscription is made on its own connection; give it the round trip before publishing.
    await new Promise((r) => setTimeout(r, 50));
    await a.publish(topic, 'epg1|2026-11-24');
    expect(await got).toBe('epg1|2026-11-24');
  });
});

describe('shared state over Redis when Redis goes away', () => {
  it('refuses to start with a message naming OTTKIT_REDIS_URL and how to start Redis', async () => {
    const s = new RedisState(`redis://127.0.0.1:${await freePort()}`);
    await expect(s.ready()).rejects.toThrow(/OTTKIT_REDIS_URL.*redis-server/s);
  });

  it('fails calls at once while down (no hang) and recovers by itself when Redis is back', async () => {
    const rdir = mkdtempSync(join(tmpdir(), 'ottkit-redis-'));
    const port = await freePort();
    let r = await startRedis(rdir, port);
    const s = new RedisState(r.url);
    opened.push(s);
    await s.ready();
    const policy = { capacity: 5, refillPerSecond: 1 };
    expect(await s.take('down', policy, 1, 0)).toEqual({ ok: true });
    await r.stop();
    await expect(s.take('down', policy, 1, 0)).rejects.toThrow();
    r = await startRedis(rdir, port);
    try {
      let back = false;
      for (let i = 0; i < 100 && !back; i++) {
        back = await s.take('down', policy, 1, 0).then(
          () => true,
          () => new Promise<boolean>((res) => setTimeout(() => res(false), 100)),
        );
      }
      expect(back).toBe(true);
    } finally {
      await r.stop();
      rmSync(rdir, { recursive: true, force: true });
    }
  });
});
