// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $playPositions,
  latestPosition,
  loadPlayPositions,
  MAX_LOCAL_POSITIONS,
  rememberPosition,
  resumeSeconds,
} from './progress.ts';

const pos = (metaId: string, playedTime: number, updatedAt: number) => ({
  metaId,
  playedTime,
  totalDuration: 600,
  played: false,
  updatedAt,
});

describe('resume positions', () => {
  beforeEach(() => {
    localStorage.clear();
    $playPositions.set({});
  });

  it('takes the newer of the server and the local position', () => {
    rememberPosition(pos('m', 50, 2_000));
    expect(latestPosition('m', pos('m', 30, 1_000))?.playedTime).toBe(50);
    expect(latestPosition('m', pos('m', 80, 3_000))?.playedTime).toBe(80);
    expect(latestPosition('other', null)).toBeNull();
  });

  it('survives a reload through localStorage', () => {
    rememberPosition(pos('m', 50, 2_000));
    $playPositions.set({});
    loadPlayPositions();
    expect($playPositions.get().m?.playedTime).toBe(50);
  });

  it('keeps only the newest positions', () => {
    for (let i = 0; i < MAX_LOCAL_POSITIONS + 5; i++) rememberPosition(pos(`m${i}`, 1, i));
    const kept = Object.keys($playPositions.get());
    expect(kept).toHaveLength(MAX_LOCAL_POSITIONS);
    expect(kept).not.toContain('m0');
  });

  it('starts over for unwatched, finished or nearly finished titles', () => {
    expect(resumeSeconds(null)).toBe(0);
    expect(resumeSeconds({ playedTime: 120.7, totalDuration: 600, played: false })).toBe(120);
    expect(resumeSeconds({ playedTime: 595, totalDuration: 600, played: false })).toBe(0);
    expect(resumeSeconds({ playedTime: 300, totalDuration: 600, played: true })).toBe(0);
  });
});
