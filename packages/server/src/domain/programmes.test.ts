import { describe, expect, it } from 'vitest';
import { catchupAllowed, programStatus } from './programmes.ts';

const H = 3_600_000;
const DAY = 24 * H;
const NOW = Date.UTC(2026, 5, 1, 12);
const p = (start: number, stop: number, isCatchup = true) => ({ start, stop, isCatchup });

describe('programStatus', () => {
  it('is notStart before the start, playing from start until stop, finished from stop on', () => {
    const prog = p(NOW, NOW + H);
    expect(programStatus(prog, NOW - 1)).toBe('notStart');
    expect(programStatus(prog, NOW)).toBe('playing');
    expect(programStatus(prog, NOW + H - 1)).toBe('playing');
    expect(programStatus(prog, NOW + H)).toBe('finished');
  });
});

describe('catchupAllowed (spec §4 finished row)', () => {
  const channel = { canPlayBack: true, playbackDuration: 3 };
  it('allows a finished catch-up programme that started within playbackDuration days', () => {
    expect(catchupAllowed(channel, p(NOW - 3 * DAY, NOW - 3 * DAY + H), NOW)).toBe(true);
    expect(catchupAllowed(channel, p(NOW - 3 * DAY - 1, NOW - 3 * DAY + H), NOW)).toBe(false);
  });
  it('refuses a programme that is not finished', () => {
    expect(catchupAllowed(channel, p(NOW - H, NOW + H), NOW)).toBe(false);
    expect(catchupAllowed(channel, p(NOW + H, NOW + 2 * H), NOW)).toBe(false);
  });
  it('refuses when the channel does not allow playback or the programme is not catch-up', () => {
    expect(catchupAllowed({ ...channel, canPlayBack: false }, p(NOW - 2 * H, NOW - H), NOW)).toBe(false);
    expect(catchupAllowed(channel, p(NOW - 2 * H, NOW - H, false), NOW)).toBe(false);
    expect(catchupAllowed({ canPlayBack: true, playbackDuration: 0 }, p(NOW - 2 * H, NOW - H), NOW)).toBe(
      false,
    );
  });
});
