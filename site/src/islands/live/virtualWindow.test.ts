import { describe, expect, it } from 'vitest';
import { scrollToShow, visibleRange } from './virtualWindow.ts';

describe('visibleRange', () => {
  it('draws only the rows near the viewport of a 500-channel list', () => {
    const r = visibleRange({ scrollTop: 6400, viewportHeight: 640, rowHeight: 64, count: 500, overscan: 2 });
    expect(r).toEqual({ start: 98, end: 113 });
  });
  it('stays inside the list at both ends', () => {
    expect(visibleRange({ scrollTop: 0, viewportHeight: 640, rowHeight: 64, count: 5 })).toEqual({
      start: 0,
      end: 5,
    });
    expect(visibleRange({ scrollTop: 99_999, viewportHeight: 640, rowHeight: 64, count: 500 })).toEqual({
      start: 500,
      end: 500,
    });
    expect(visibleRange({ scrollTop: 0, viewportHeight: 640, rowHeight: 64, count: 0 })).toEqual({
      start: 0,
      end: 0,
    });
  });
});

describe('scrollToShow', () => {
  it('scrolls up or down just enough', () => {
    expect(scrollToShow(2, 640, 320, 64)).toBe(128);
    expect(scrollToShow(20, 0, 320, 64)).toBe(21 * 64 - 320);
    expect(scrollToShow(2, 0, 320, 64)).toBe(0);
  });
});
