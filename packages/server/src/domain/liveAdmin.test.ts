import { describe, expect, it } from 'vitest';
import { seedLineup } from '../seed/lineup.ts';
import { openDb } from '../store/db.ts';
import { dayChecksum } from '../store/epg.ts';
import { migrate } from '../store/migrations.ts';
import { readGuides } from './epg.ts';
import { importGuideDay, parseGuideDay } from './liveAdmin.ts';

const DAY = '2026-06-01';
const T0 = Date.UTC(2026, 5, 1);
const H = 3_600_000;
const prog = (start: number, stop: number, title = 'News') => ({
  start,
  stop,
  texts: [
    { lang: 'pt', title: `${title} PT`, content: '' },
    { lang: 'en', title, content: 'The day.' },
  ],
});

describe('operator guide import', () => {
  it('accepts ordered programmes of the day, makes ids and sorts languages', async () => {
    const [p] = parseGuideDay('epg-lc-001', DAY, [prog(T0, T0 + H), prog(T0 + 2 * H, T0 + 3 * H)]);
    expect(p).toMatchObject({ programId: `epg-lc-001-${T0 / 1000}`, isCatchup: true });
    expect(p?.texts.map((t) => t.lang)).toEqual(['en', 'pt']);
  });

  it('refuses overlaps, other days, inverted times, missing English and unknown fields', async () => {
    expect(() => parseGuideDay('e', DAY, [prog(T0, T0 + 2 * H), prog(T0 + H, T0 + 3 * H)])).toThrow(
      /overlaps/,
    );
    expect(() => parseGuideDay('e', DAY, [prog(T0 - H, T0)])).toThrow(/does not start/);
    expect(() => parseGuideDay('e', DAY, [prog(T0 + H, T0 + H)])).toThrow(/ends before/);
    expect(() =>
      parseGuideDay('e', DAY, [
        { start: T0, stop: T0 + H, texts: [{ lang: 'es', title: 'x', content: '' }] },
      ]),
    ).toThrow(/English/);
    expect(() => parseGuideDay('e', DAY, [{ ...prog(T0, T0 + H), colour: 'red' }])).toThrow();
  });

  it('replaces a stored day and moves its checksum only when the programmes differ', async () => {
    const db = openDb(':memory:');
    migrate(db);
    seedLineup(db);
    const input = [prog(T0, T0 + H, 'Special')];
    expect(importGuideDay(db, 'epg-lc-001', DAY, input, 1)).toBe(true);
    const sum = dayChecksum(db, 'epg-lc-001', DAY);
    expect(importGuideDay(db, 'epg-lc-001', DAY, input, 2)).toBe(false);
    expect(dayChecksum(db, 'epg-lc-001', DAY)).toBe(sum);
    expect((await readGuides(db, ['epg-lc-001'], [DAY], 'pt'))[0]?.programs[0]?.title).toBe('Special PT');
    db.close();
  });
});
