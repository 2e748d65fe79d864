import type { HistoryItem } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { continueWatching, percentWatched } from './continueWatching.ts';

const item = (metaId: string, playedTime: number, totalDuration: number, played = false) =>
  ({
    metaId,
    position: { metaId, playedTime, totalDuration, played, playProgress: (playedTime / totalDuration) * 100 },
  }) as unknown as HistoryItem;

describe('continueWatching', () => {
  it('keeps titles with a resume point in history order, not finished or unstarted ones', () => {
    const history = [
      item('started-last', 600, 3600),
      item('finished', 3600, 3600, true),
      item('near-end', 3595, 3600),
      item('not-started', 0, 3600),
      item('started-first', 1200, 3600),
    ];
    expect(continueWatching(history).map((h) => h.metaId)).toEqual(['started-last', 'started-first']);
  });

  it('shows a started title between 1 and 99 percent', () => {
    expect(percentWatched(item('a', 1, 3600))).toBe(1);
    expect(percentWatched(item('b', 1800, 3600))).toBe(50);
    expect(percentWatched(item('c', 3599, 3600))).toBe(99);
  });
});
