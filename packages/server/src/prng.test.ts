import { describe, expect, it } from 'vitest';
import { createPrng } from './prng.ts';

describe('createPrng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createPrng(7);
    const b = createPrng(7);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(createPrng(8).next()).not.toBe(xs[0]);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });

  it('samples distinct items and keeps int within bounds', () => {
    const p = createPrng(1);
    const s = p.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(s).size).toBe(4);
    for (let i = 0; i < 100; i++) {
      const n = p.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
  });
});
