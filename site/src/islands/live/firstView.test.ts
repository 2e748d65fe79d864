import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $firstViewSettled,
  FIRST_VIEW_WAIT_MS,
  resetFirstView,
  settleFirstView,
  settleFirstViewWithin,
} from './firstView.ts';

describe('the first-view gate of the background jobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstView();
  });
  afterEach(() => vi.useRealTimers());

  it('opens once the settled first view has been painted, not before', () => {
    const painted: (() => void)[] = [];
    settleFirstView((run) => painted.push(run));
    expect($firstViewSettled.get()).toBe(false);
    for (const run of painted) run();
    expect($firstViewSettled.get()).toBe(true);
  });

  it('waits for one paint however often the guide settles', () => {
    const painted: (() => void)[] = [];
    settleFirstView((run) => painted.push(run));
    settleFirstView((run) => painted.push(run));
    expect(painted).toHaveLength(1);
  });

  it('opens after FIRST_VIEW_WAIT_MS when the guide never settles', () => {
    settleFirstViewWithin();
    vi.advanceTimersByTime(FIRST_VIEW_WAIT_MS - 1);
    expect($firstViewSettled.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect($firstViewSettled.get()).toBe(true);
  });

  it('does not open after the island is gone', () => {
    const cancel = settleFirstViewWithin();
    cancel();
    vi.advanceTimersByTime(FIRST_VIEW_WAIT_MS * 2);
    expect($firstViewSettled.get()).toBe(false);
  });
});
