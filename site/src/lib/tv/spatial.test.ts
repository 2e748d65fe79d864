import { describe, expect, it } from 'vitest';
import { type Box, nearest } from './spatial.ts';

const box = (left: number, top: number, w = 100, h = 50): Box => ({
  left,
  top,
  right: left + w,
  bottom: top + h,
});

// A home row of cards, a second row under it, and a header link above.
const from = box(200, 200);
const row = [box(0, 200), box(320, 200), box(440, 200)];
const below = [box(180, 300), box(600, 300)];
const header = box(900, 0);

describe('nearest (spatial focus)', () => {
  it('right and left stay in the row and take the next card', () => {
    const all = [...row, ...below, header];
    expect(nearest(from, all, 'right')).toBe(1);
    expect(nearest(from, all, 'left')).toBe(0);
  });

  it('down takes the box under it, not a nearer one far to the side', () => {
    const all = [box(600, 260), ...below];
    expect(nearest(from, all, 'down')).toBe(1);
  });

  it('up reaches the header even when it is far across (nothing else above)', () => {
    expect(nearest(from, [...row, ...below, header], 'up')).toBe(5);
  });

  it('nothing in that direction: -1', () => {
    expect(nearest(from, [box(0, 200)], 'right')).toBe(-1);
    expect(nearest(from, [], 'down')).toBe(-1);
  });

  it('a card partly scrolled out of its row is still the next one to the right', () => {
    expect(nearest(from, [box(250, 200)], 'right')).toBe(0);
  });
});
