import { describe, expect, it } from 'vitest';
import { moveActive } from './searchSuggest.ts';

describe('moveActive', () => {
  it('goes down from nothing to the first and wraps at the end', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
  });

  it('goes up from nothing to the last and wraps at the top', () => {
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(2, 3, -1)).toBe(1);
  });

  it('has nothing to move to in an empty list', () => {
    expect(moveActive(-1, 0, 1)).toBe(-1);
  });
});
