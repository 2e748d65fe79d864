import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './tokenBucket.ts';

describe('TokenBuckets', () => {
  it('lets a burst up to the capacity through, then refills at the rate', () => {
    const b = new TokenBuckets({ capacity: 10, refillPerSecond: 2 });
    expect(b.take('a', 10, 0)).toEqual({ ok: true });
    expect(b.take('a', 1, 0)).toEqual({ ok: false, retryAfterMs: 500 });
    // Another key has its own bucket.
    expect(b.take('b', 4, 0)).toEqual({ ok: true });
    expect(b.take('a', 2, 1000)).toEqual({ ok: true });
    expect(b.take('a', 1, 1000).ok).toBe(false);
    // Never more than the capacity, however long it waited.
    expect(b.take('a', 11, 60_000).ok).toBe(false);
    expect(b.take('a', 10, 60_000).ok).toBe(true);
  });

  it('forgets the least recently used keys past its bound', () => {
    const b = new TokenBuckets({ capacity: 1, refillPerSecond: 0.001 }, 2);
    b.take('a', 1, 0);
    b.take('b', 1, 0);
    b.take('c', 1, 0);
    // 'a' was forgotten and starts full; 'c' is still empty.
    expect(b.take('a', 1, 0).ok).toBe(true);
    expect(b.take('c', 1, 0).ok).toBe(false);
  });
});
