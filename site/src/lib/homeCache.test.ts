import type { AppProperty, VodCard } from '@ottkit/api-client';
import { describe, expect, it, vi } from 'vitest';
import { createSharedCache, type HomePublic, homeKey, unlockedFor } from './homeCache.ts';

const home = (over: Partial<HomePublic> = {}): HomePublic => ({
  banners: [],
  categories: [],
  rows: [],
  rowsFailed: false,
  liveChannels: [],
  ...over,
});
const config = (moreLikeThis: boolean) =>
  ({ layoutConfig: { more_like_this_switch: moreLikeThis } }) as unknown as AppProperty;

describe('createSharedCache', () => {
  it('answers a burst of requests with one load, then from the cache until the time is up', async () => {
    let t = 0;
    const cache = createSharedCache<HomePublic>({ ttlMs: 1000, now: () => t });
    const load = vi.fn(async () => home());
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => cache.get(homeKey('en', config(true)), load)),
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(burst).size).toBe(1);
    t = 999;
    await cache.get(homeKey('en', config(true)), load);
    expect(load).toHaveBeenCalledTimes(1);
    t = 1000;
    await cache.get(homeKey('en', config(true)), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps languages and configurations apart: a changed configuration is loaded at once', async () => {
    const cache = createSharedCache<HomePublic>({ ttlMs: 60_000, now: () => 0 });
    const load = vi.fn(async () => home());
    await cache.get(homeKey('en', config(true)), load);
    await cache.get(homeKey('es', config(true)), load);
    await cache.get(homeKey('en', config(false)), load);
    await cache.get(homeKey('en', config(true)), load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a load whose rows failed, and 0 turns the cache off', async () => {
    const cache = createSharedCache<HomePublic>({ ttlMs: 60_000, now: () => 0, keep: (h) => !h.rowsFailed });
    const failing = vi.fn(async () => home({ rowsFailed: true }));
    await cache.get('en', failing);
    await cache.get('en', failing);
    expect(failing).toHaveBeenCalledTimes(2);
    const off = createSharedCache<HomePublic>({ ttlMs: 0, now: () => 0 });
    const load = vi.fn(async () => home());
    await off.get('en', load);
    await off.get('en', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('unlockedFor', () => {
  it('unlocks every card for a viewer whose plan includes VOD, and changes nothing otherwise', () => {
    const rows = [
      {
        list: [
          { cardId: 'a', locked: true },
          { cardId: 'b', locked: false },
        ] as VodCard[],
      },
    ] as HomePublic['rows'];
    expect(unlockedFor(rows, true)[0]?.list.map((c) => c.locked)).toEqual([false, false]);
    expect(unlockedFor(rows, false)).toBe(rows);
  });
});
