import type { Epg, EpgProgram } from '@ottkit/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDay, localDayBounds, localGuideDay, utcDayBefore, utcDaysOf } from './guideDays.ts';
import { programme } from './epgFixtures.test-helpers.ts';

const H = 3_600_000;
const prog = programme;
const day = (date: string, programs: EpgProgram[], isCatchup = true): Epg => ({
  epgId: 'e1',
  date,
  checksum: date,
  isCatchup,
  programs,
});

let zone: string | undefined;
const inZone = (tz: string) => {
  process.env.TZ = tz;
};
beforeEach(() => {
  zone = process.env.TZ;
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('local guide days', () => {
  it('names the viewer’s calendar day, not the UTC one', () => {
    const lateEvening = Date.UTC(2026, 10, 24, 1, 30); // 22:30 on the 23rd in São Paulo (UTC−3)
    inZone('America/Sao_Paulo');
    expect(localDay(lateEvening)).toBe('2026-11-23');
    inZone('UTC');
    expect(localDay(lateEvening)).toBe('2026-11-24');
    inZone('Asia/Tokyo');
    expect(localDay(Date.UTC(2026, 10, 23, 20))).toBe('2026-11-24');
  });

  it('maps a local day to the UTC days it overlaps', () => {
    inZone('America/Sao_Paulo');
    expect(utcDaysOf('2026-11-23')).toEqual(['2026-11-23', '2026-11-24']);
    inZone('Asia/Tokyo');
    expect(utcDaysOf('2026-11-23')).toEqual(['2026-11-22', '2026-11-23']);
    inZone('UTC');
    expect(utcDaysOf('2026-11-23')).toEqual(['2026-11-23']);
  });

  it('is 23 hours long on the day clocks go forward', () => {
    inZone('Europe/Lisbon');
    const { start, end } = localDayBounds('2026-03-29');
    expect((end - start) / H).toBe(23);
  });

  it('joins the two UTC days into the local one: programmes on air that day, once each, by start', () => {
    inZone('America/Sao_Paulo');
    const midnight = localDayBounds('2026-11-23').start; // 03:00 UTC
    const nextMidnight = midnight + 24 * H;
    const first = day('2026-11-23', [
      prog('before', midnight - 2 * H, midnight - H),
      prog('crossing', midnight - H / 2, midnight + H / 2),
      prog('morning', midnight + H / 2, midnight + 2 * H),
    ]);
    const second = day('2026-11-24', [
      prog('morning', midnight + H / 2, midnight + 2 * H),
      prog('late', nextMidnight - H, nextMidnight),
      prog('tomorrow', nextMidnight, nextMidnight + H),
    ]);
    const shown = localGuideDay('2026-11-23', [first, second]);
    expect(shown?.programs.map((p) => p.programId)).toEqual(['crossing', 'morning', 'late']);
    expect(shown?.isCatchup).toBe(true);
  });

  it('takes from the UTC day before only the programme still on air at midnight, never its catch-up', () => {
    inZone('UTC');
    expect(utcDayBefore('2026-11-23')).toBe('2026-11-22');
    inZone('Asia/Tokyo');
    expect(utcDayBefore('2026-11-23')).toBe('2026-11-21');
    inZone('UTC');
    const midnight = localDayBounds('2026-11-23').start;
    // An imported guide: the evening's last programme ends 4 minutes past midnight, kept in the day it starts on.
    const before = day('2026-11-22', [
      prog('evening', midnight - 2 * H, midnight - 10 * 60_000),
      prog('crossing', midnight - 10 * 60_000, midnight + 4 * 60_000),
    ]);
    const today = day('2026-11-23', [prog('after', midnight + 4 * 60_000, midnight + H)], false);
    const shown = localGuideDay('2026-11-23', [today], before);
    expect(shown?.programs.map((p) => p.programId)).toEqual(['crossing', 'after']);
    expect(shown?.isCatchup).toBe(false);
    // Without it, Today began at 00:04 and what was on air was nowhere.
    expect(localGuideDay('2026-11-23', [today])?.programs.map((p) => p.programId)).toEqual(['after']);
    // A day the store does not have adds nothing.
    expect(localGuideDay('2026-11-23', [today], undefined)?.programs).toHaveLength(1);
  });

  it('answers nothing when neither UTC day is known, and catch-up when any day offers it', () => {
    expect(localGuideDay('2026-11-23', [undefined, undefined])).toBeUndefined();
    inZone('UTC');
    const shown = localGuideDay('2026-11-23', [day('2026-11-23', [], false), day('2026-11-24', [], true)]);
    expect(shown?.isCatchup).toBe(true);
  });
});
