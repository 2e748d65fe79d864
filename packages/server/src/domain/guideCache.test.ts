// Test run: about 2 s on SQLite, 22 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { describe, expect, it } from 'vitest';
import { generateGuideDay, genreOfColumn } from '../guide/generate.ts';
import { seedLineup } from '../seed/lineup.ts';
import { type Db, openDb } from '../store/db.ts';
import { dayChecksum, writeDay } from '../store/epg.ts';
import { migrate } from '../store/migrations.ts';
import {
  ensureGuide,
  ensureGuideNow,
  epgSources,
  guideChecksum,
  guideWindow,
  putGuideDay,
  readGuides,
} from './epg.ts';
import { GuideCache, limitGuideCache } from './guideCache.ts';
import { twoConnections as twoConnectionsTo } from '../../test/twoConnections.ts';
import { importGuideDay } from './liveAdmin.ts';

const NOW = Date.UTC(2026, 5, 1, 12);
const DAY = '2026-06-01';
const T0 = Date.UTC(2026, 5, 1);
const H = 3_600_000;
const stamp = (checksum: string, updatedAt = 1) => ({ checksum, updatedAt });

function freshDb(file = ':memory:') {
  const db = openDb(file);
  migrate(db);
  seedLineup(db);
  return db;
}

/** A seeded store and a second connection to it (another process, or the operator CLI), closed after `use`. */
const twoConnections = (use: (one: Db, other: Db) => Promise<void>) => twoConnectionsTo(seedLineup, use);

describe('GuideCache', () => {
  it('answers only for the same checksum and update time', async () => {
    const c = new GuideCache(1000);
    c.set('a', stamp('x'), '[1]');
    expect(c.get('a', stamp('x'))).toBe('[1]');
    expect(c.get('a', stamp('x', 2))).toBeUndefined();
    // A mismatch drops the entry.
    expect(c.get('a', stamp('x'))).toBeUndefined();
    expect(c.size).toBe(0);
    expect(c.chars).toBe(0);
  });

  it('keeps at most maxChars, dropping the least recently used first', async () => {
    const c = new GuideCache(10);
    c.set('a', stamp('1'), '"aaaa"'); // 6
    c.set('b', stamp('1'), '"b"'); // 3
    expect(c.get('a', stamp('1'))).toBe('"aaaa"'); // a is now the most recent
    c.set('c', stamp('1'), '"cc"'); // 4: 13 > 10, b goes
    expect(c.get('b', stamp('1'))).toBeUndefined();
    expect(c.get('a', stamp('1'))).toBe('"aaaa"');
    expect(c.chars).toBe(10);
    c.set('d', stamp('1'), '"ddddddddddd"'); // larger than the cache: not kept, nothing dropped for it
    expect(c.size).toBe(2);
    c.set('a', stamp('2'), '"a"'); // replacing an entry counts its new length only
    expect(c.chars).toBe(7);
  });
});

describe('guide days served from the cache', () => {
  it('never serves a day older than what is stored, in any language, after a write', async () => {
    const db = freshDb();
    ensureGuide(db, undefined, NOW);
    const ids = ['epg-lc-001', 'epg-lc-002'];
    for (const lang of ['en', 'es', 'pt'] as const) {
      for (const m of [false, true]) await readGuides(db, ids, [DAY], lang, m);
    }
    const changed = generateGuideDay('epg-lc-001', 'news', DAY, true);
    (changed[0]?.texts[1] as { title: string }).title = 'Nuevo';
    expect(putGuideDay(db, 'epg-lc-001', DAY, changed, NOW + 1)).toBe(true);
    const [g] = await readGuides(db, ['epg-lc-001'], [DAY], 'es', true);
    expect(g?.checksum).toBe(guideChecksum(changed));
    expect(g?.programs[0]?.title).toBe('Nuevo');
    expect(g?.programs[0]?.multilingualList.find((t) => t.lang === 'es')?.title).toBe('Nuevo');
    expect((await readGuides(db, ['epg-lc-001'], [DAY], 'en', false))[0]?.programs[0]?.title).not.toBe(
      'Direct',
    );
    // Written behind the domain's back (no forgetDay): still seen, by checksum and update time.
    const again = structuredClone(changed);
    (again[0]?.texts[0] as { title: string }).title = 'Direct';
    writeDay(db, 'epg-lc-001', DAY, again, guideChecksum(again), NOW + 2);
    expect((await readGuides(db, ['epg-lc-001'], [DAY], 'en', false))[0]?.programs[0]?.title).toBe('Direct');
    db.close();
  });

  it('sees a day another connection (the operator CLI) imported', async () => {
    await twoConnections(async (server, cli) => {
      ensureGuide(server, undefined, NOW);
      const before = (await readGuides(server, ['epg-lc-001'], [DAY], 'en', false))[0];
      expect(before?.programs.length).toBeGreaterThan(1);
      const texts = [{ lang: 'en', title: 'Imported', content: '' }];
      expect(importGuideDay(cli, 'epg-lc-001', DAY, [{ start: T0, stop: T0 + H, texts }], NOW + 5)).toBe(
        true,
      );
      const after = (await readGuides(server, ['epg-lc-001'], [DAY], 'en', false))[0];
      expect(after?.programs.map((p) => p.title)).toEqual(['Imported']);
      expect(after?.checksum).not.toBe(before?.checksum);
    });
  });

  it('stays within its bound and answers the same as without it', async () => {
    const db = freshDb();
    ensureGuide(db, undefined, NOW);
    const ids = ['epg-lc-001', 'epg-lc-002', 'epg-lc-003', 'epg-lc-004'];
    const days = guideWindow(NOW);
    const expected = await readGuides(db, ids, days, 'pt', true);
    const small = freshDb();
    ensureGuide(small, undefined, NOW);
    const cache = limitGuideCache(small, 30_000);
    for (let i = 0; i < 3; i++) {
      expect(await readGuides(small, ids, days, 'pt', true)).toEqual(expected);
      expect(cache.chars).toBeLessThanOrEqual(30_000);
      expect(cache.size).toBeGreaterThan(0);
    }
    db.close();
    small.close();
  });
});

describe('ensureGuide with a complete window', () => {
  it('still fills a day that went missing, for one guide or the whole line-up', async () => {
    const db = freshDb();
    ensureGuide(db, undefined, NOW);
    // A guide that is no longer in the line-up must not make the window look complete.
    putGuideDay(db, 'epg-gone', DAY, generateGuideDay('epg-gone', 'news', DAY, true), NOW);
    db.run("DELETE FROM epg_days WHERE epg_id = 'epg-lc-002' AND day = ?", DAY);
    ensureGuide(db, undefined, NOW);
    expect(await readGuides(db, ['epg-lc-002'], [DAY], 'en')).toHaveLength(1);
    db.run("DELETE FROM epg_days WHERE epg_id = 'epg-lc-003' AND day = ?", DAY);
    ensureGuide(db, ['epg-lc-003'], NOW);
    expect(await readGuides(db, ['epg-lc-003'], [DAY], 'en')).toHaveLength(1);
    db.close();
  });
});

describe('ensureGuideNow: a missing window filled on the asynchronous store (decision 0418)', () => {
  it('lets other work run between the days it generates', async () => {
    const db = freshDb();
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    await ensureGuideNow(db, ['epg-lc-001', 'epg-lc-002'], NOW);
    spinning = false;
    // 2 guides × 11 days generated: the event loop turned between them (generated in one go, it turned ~once).
    expect(turns).toBeGreaterThanOrEqual(2 * guideWindow(NOW).length);
    expect(await readGuides(db, ['epg-lc-001', 'epg-lc-002'], guideWindow(NOW), 'en')).toHaveLength(22);
    db.close();
  });

  it('two processes filling the same window at once store each generated day once', async () => {
    await twoConnections(async (one, other) => {
      await Promise.all([ensureGuideNow(one, undefined, NOW), ensureGuideNow(other, undefined, NOW)]);
      const window = guideWindow(NOW);
      const [first, last] = [window[0] as string, window[window.length - 1] as string];
      const guides = [...epgSources(one)];
      const days = one.all<{ epg_id: string; programs_json: string }>(
        'SELECT epg_id, programs_json FROM epg_days WHERE day >= ? AND day <= ?',
        first,
        last,
      );
      expect(days).toHaveLength(guides.length * window.length);
      const programmes = days.reduce((n, d) => n + (JSON.parse(d.programs_json) as unknown[]).length, 0);
      const rows = one.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM epg_programs WHERE day >= ? AND day <= ?',
        first,
        last,
      );
      expect(Number(rows?.n)).toBe(programmes);
      // What the deterministic generation makes, as the synchronous fill stores it.
      for (const [id, src] of guides.slice(0, 3)) {
        for (const day of [first, DAY]) {
          const made = generateGuideDay(id, genreOfColumn(src.genreColumn), day, src.isCatchup);
          expect(dayChecksum(one, id, day)).toBe(guideChecksum(made));
        }
      }
    });
  });
});
