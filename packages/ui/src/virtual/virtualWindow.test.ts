import { describe, expect, it } from 'vitest';
import { scrollToShow, trackViewportRows, type ViewportRows, visibleRange } from './virtualWindow.ts';

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

describe('trackViewportRows', () => {
  /** A hand-driven frame clock and a viewport whose scroll position the test sets. */
  function setup() {
    const frames: (() => void)[] = [];
    const at = { scrollTop: 0, viewportHeight: 640 };
    const changes: ViewportRows[] = [];
    const tracker = trackViewportRows({
      rowHeight: 64,
      read: () => at,
      onChange: (rows) => changes.push(rows),
      requestFrame: (callback) => frames.push(callback),
    });
    const frame = () => {
      for (const callback of frames.splice(0)) callback();
    };
    return { at, changes, tracker, frames, frame };
  }

  it('measures at once on the first layout', () => {
    const { changes, tracker } = setup();
    tracker.measure();
    expect(changes).toEqual([{ firstRow: 0, rows: 10 }]);
  });

  it('asks for one frame however many scroll events come before it, and reports the latest position', () => {
    const { at, changes, tracker, frames, frame } = setup();
    tracker.measure();
    for (const top of [100, 200, 300]) {
      at.scrollTop = top;
      tracker.schedule();
    }
    expect(frames).toHaveLength(1);
    frame();
    expect(changes.at(-1)).toEqual({ firstRow: 4, rows: 10 });
    expect(changes).toHaveLength(2);
  });

  it('reports nothing while the scroll stays within the same rows', () => {
    const { at, changes, tracker, frame } = setup();
    tracker.measure();
    at.scrollTop = 63;
    tracker.schedule();
    frame();
    expect(changes).toHaveLength(1);
    at.viewportHeight = 700;
    tracker.schedule();
    frame();
    expect(changes.at(-1)).toEqual({ firstRow: 0, rows: 11 });
  });

  it('reports nothing once stopped (the list unmounted)', () => {
    const { at, changes, tracker, frame } = setup();
    tracker.schedule();
    tracker.stop();
    at.scrollTop = 6400;
    frame();
    tracker.schedule();
    frame();
    expect(changes).toEqual([]);
  });
});
