import { describe, expect, it } from 'vitest';
import { scrollToReveal } from './stripReveal.ts';

describe('scrollToReveal', () => {
  it('leaves the strip where it is when the item is already in view', () => {
    expect(scrollToReveal(100, 80, 50, 300)).toBe(50);
  });

  it('scrolls forward just enough to show an item past the right edge (the reload case of issue 36)', () => {
    // A tab at 593-693 px in a 336 px wide strip scrolled to 0 ends at the right edge.
    expect(scrollToReveal(593, 100, 0, 336)).toBe(357);
  });

  it('scrolls back to an item before the left edge', () => {
    expect(scrollToReveal(40, 80, 200, 300)).toBe(40);
  });

  it('shows the start of an item wider than the strip', () => {
    expect(scrollToReveal(500, 400, 0, 300)).toBe(500);
  });
});
