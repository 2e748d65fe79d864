import { describe, expect, it } from 'vitest';
import { generateGuideDay } from '../guide/generate.ts';
import { seedLineup } from '../seed/lineup.ts';
import { openDb } from '../store/db.ts';
import { dayChecksum } from '../store/epg.ts';
import { migrate } from '../store/migrations.ts';
import { ensureGuide, guideChecksum, guideWindow, putGuideDay, readGuides } from './epg.ts';

const NOW = Date.UTC(2026, 5, 1, 12);

function freshDb() {
  const db = openDb(':memory:');
  migrate(db);
  seedLineup(db);
  return db;
}

describe('guide checksum (changes exactly when a day changes)', () => {
  const day = '2026-06-01';
  const programs = generateGuideDay('epg-lc-001', 'news', day, true);

  it('is the same for the same programmes, whatever the language order', async () => {
    const shuffled = programs.map((p) => ({ ...p, texts: [...p.texts].reverse() }));
    expect(guideChecksum(shuffled)).toBe(guideChecksum(programs));
  });

  it('changes with a title, a description in any language, a time or the catch-up flag', async () => {
    const base = guideChecksum(programs);
    const edit = (f: (p: (typeof programs)[number]) => void) => {
      const copy = structuredClone(programs);
      f(copy[1] as (typeof programs)[number]);
      return guideChecksum(copy);
    };
    expect(edit((p) => ((p.texts[0] as { title: string }).title = 'Other'))).not.toBe(base);
    expect(edit((p) => ((p.texts[2] as { content: string }).content = 'Outra'))).not.toBe(base);
    expect(edit((p) => (p.isCatchup = !p.isCatchup))).not.toBe(base);
    expect(edit((p) => (p.stop += 1))).not.toBe(base);
  });

  it('keeps a stored day (and its update time) when the same programmes are stored again', async () => {
    const db = freshDb();
    expect(putGuideDay(db, 'epg-lc-001', day, programs, NOW)).toBe(true);
    const first = dayChecksum(db, 'epg-lc-001', day);
    expect(putGuideDay(db, 'epg-lc-001', day, structuredClone(programs), NOW + 1000)).toBe(false);
    expect(dayChecksum(db, 'epg-lc-001', day)).toBe(first);
    const changed = structuredClone(programs);
    (changed[0]?.texts[0] as { title: string }).title = 'Breaking News';
    expect(putGuideDay(db, 'epg-lc-001', day, changed, NOW + 2000)).toBe(true);
    expect(dayChecksum(db, 'epg-lc-001', day)).not.toBe(first);
    expect(dayChecksum(db, 'epg-lc-001', '2026-06-02')).toBeUndefined();
    db.close();
  });
});

describe('ensureGuide (generation on demand)', () => {
  it('stores 7 days back and 3 ahead once, and does not touch stored days again', async () => {
    const db = freshDb();
    ensureGuide(db, ['epg-lc-001'], NOW);
    const window = guideWindow(NOW);
    expect(window).toHaveLength(11);
    expect(window[0]).toBe('2026-05-25');
    expect(window[10]).toBe('2026-06-04');
    const guides = await readGuides(db, ['epg-lc-001'], window, 'es');
    expect(guides.map((g) => g.date)).toEqual(window);
    const before = guides.map((g) => g.checksum);
    ensureGuide(db, ['epg-lc-001'], NOW + 3_600_000);
    expect((await readGuides(db, ['epg-lc-001'], window, 'es')).map((g) => g.checksum)).toEqual(before);
    expect(guides[0]?.programs[0]?.title).toBe(guides[0]?.programs[0]?.multilingualList[1]?.title);
    db.close();
  });

  it('rolls the window on: a new day is generated, days before the window are purged', async () => {
    const db = freshDb();
    ensureGuide(db, undefined, NOW);
    const later = NOW + 2 * 86_400_000;
    ensureGuide(db, undefined, later);
    const days = db.all<{ day: string }>(
      "SELECT DISTINCT day FROM epg_days WHERE epg_id = 'epg-lc-001' ORDER BY day",
    );
    expect(days[0]?.day).toBe('2026-05-26');
    expect(days.at(-1)?.day).toBe('2026-06-06');
    db.close();
  });
});
