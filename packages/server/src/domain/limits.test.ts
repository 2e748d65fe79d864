import { describe, expect, it } from 'vitest';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import { assertNotLocked, clearFailures, type LimitPolicy, recordFailure } from './limits.ts';

const policy: LimitPolicy = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 5_000, forgetAfterMs: 60_000 };

function db() {
  const d = openDb(':memory:');
  migrate(d);
  return d;
}

describe('attempt limits', () => {
  it('locks after the free failures, doubling up to the cap', () => {
    const d = db();
    const locks = Array.from({ length: 7 }, (_, i) => recordFailure(d, 'k', policy, 10_000 + i));
    expect(locks).toEqual([0, 0, 1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(() => assertNotLocked(d, 'k', 10_006 + 4_999)).toThrow(/try again in 1 s/);
    expect(() => assertNotLocked(d, 'k', 10_006 + 5_000)).not.toThrow();
  });

  it('forgets old failures and clears on success', () => {
    const d = db();
    recordFailure(d, 'k', policy, 0);
    recordFailure(d, 'k', policy, 1);
    expect(recordFailure(d, 'k', policy, 1 + 60_000)).toBe(0);
    recordFailure(d, 'k', policy, 60_002);
    clearFailures(d, 'k');
    expect(recordFailure(d, 'k', policy, 60_003)).toBe(0);
  });
});
