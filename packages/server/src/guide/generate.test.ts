import { describe, expect, it } from 'vitest';
import { addDays, DAY_MS, dayOf, dayStart, MINUTE } from './days.ts';
import { generateGuideDay, MAX_PROGRAM_MINUTES, MIN_PROGRAM_MINUTES, nextLength } from './generate.ts';
import type { Genre } from './shows.ts';

const genres: Genre[] = ['news', 'sports', 'kids', 'entertainment', 'documentary', 'music'];

describe('generateGuideDay (guide continuity)', () => {
  it('covers each day exactly, with programmes of 15-180 min, no gap or overlap, across 10 days', () => {
    for (const genre of genres) {
      for (const epgId of ['epg-lc-001', 'epg-bc-123']) {
        let day = '2026-05-25';
        let previousStop = dayStart(day);
        for (let i = 0; i < 10; i++) {
          const programs = generateGuideDay(epgId, genre, day, true);
          expect(programs[0]?.start).toBe(dayStart(day));
          for (const prog of programs) {
            expect(prog.start).toBe(previousStop);
            const minutes = (prog.stop - prog.start) / MINUTE;
            expect(minutes).toBeGreaterThanOrEqual(MIN_PROGRAM_MINUTES);
            expect(minutes).toBeLessThanOrEqual(MAX_PROGRAM_MINUTES);
            previousStop = prog.stop;
          }
          expect(previousStop).toBe(dayStart(day) + DAY_MS);
          day = addDays(day, 1);
        }
      }
    }
  });

  it('is deterministic, differs between guides and days, and speaks en, es and pt', () => {
    const a = generateGuideDay('epg-lc-001', 'news', '2026-06-01', true);
    expect(generateGuideDay('epg-lc-001', 'news', '2026-06-01', true)).toEqual(a);
    expect(generateGuideDay('epg-lc-002', 'news', '2026-06-01', true)).not.toEqual(a);
    expect(generateGuideDay('epg-lc-001', 'news', '2026-06-02', true)).not.toEqual(a);
    for (const prog of a) {
      expect(prog.texts.map((t) => t.lang)).toEqual(['en', 'es', 'pt']);
      expect(prog.texts.every((t) => t.title && t.content)).toBe(true);
    }
    expect(new Set(a.map((x) => x.programId)).size).toBe(a.length);
  });

  it('marks nothing as catch-up on a channel without catch-up, and live-only shows never', () => {
    expect(generateGuideDay('epg-x', 'sports', '2026-06-01', false).some((x) => x.isCatchup)).toBe(false);
    const days = ['2026-06-01', '2026-06-02', '2026-06-03'].flatMap((d) =>
      generateGuideDay('epg-x', 'sports', d, true),
    );
    for (const x of days) expect(x.isCatchup).toBe(x.texts[0]?.title !== 'Live Football');
  });
});

describe('nextLength', () => {
  it('takes the rest of the day when it fits, and never leaves less than 15 min', () => {
    expect(nextLength(100, 120)).toBe(100);
    expect(nextLength(100, 90)).toBe(100);
    expect(nextLength(100, 60)).toBe(60);
    expect(nextLength(190, 180)).toBe(175);
    expect(nextLength(600, 180)).toBe(180);
  });
});

describe('days', () => {
  it('names UTC days and steps over month ends', () => {
    expect(dayOf(Date.UTC(2026, 5, 1, 23, 59))).toBe('2026-06-01');
    expect(addDays('2026-05-31', 1)).toBe('2026-06-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
