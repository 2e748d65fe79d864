import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { foldedVector } from '../../store/migrations/catalogueScale.ts';
import type { Db } from '../../store/db.ts';
import { migrations, migrate } from '../../store/migrations.ts';
import { openDb } from '../../store/db.ts';
import { personByName } from '../../operator/titleCredits.ts';
import { ftsQuery, rankedSearch, refreshSearchOf, type SearchFilter } from './search.ts';
import { harbourCatalogue } from './testDb.ts';

const db = harbourCatalogue;
/** Every hit, best first (the catalogues here are small: one page holds them). */
const hitsOf = async (...a: [Db, string, SearchFilter]) => (await rankedSearch(...a, 1, 100)).list;

describe('ftsQuery', () => {
  it('quotes every word and makes the last one a prefix, so typed text is never FTS syntax', async () => {
    expect(ftsQuery('Harbor')).toBe('"harbor"*');
    expect(ftsQuery('  the  HARB ')).toBe('"the" AND "harb"*');
    expect(ftsQuery('a" OR b NEAR(')).toBe('"a" AND "or" AND "b" AND "near"*');
    expect(ftsQuery('!!! ---')).toBeNull();
  });
});

describe('rankedSearch', () => {
  it('ranks title matches above people matches above genre matches, whatever the popularity', async () => {
    const hits = await hitsOf(db(), 'harb', { includeSensitive: false });
    expect(hits.map((h) => h.matchedOn)).toEqual(['title', 'title', 'title', 'person', 'genre']);
    expect(hits.slice(3).map((h) => h.metaId)).toEqual(['by-person', 'by-genre']);
    // A title that matches on its title and its people counts once, as a title match.
    expect(hits.filter((h) => h.metaId === 'title-and-person')).toEqual([
      { metaId: 'title-and-person', matchedOn: 'title' },
    ]);
    expect(hits.map((h) => h.metaId)).not.toContain('nothing');
  });

  it('leaves sensitive titles out unless asked, and filters by VOD type', async () => {
    const d = db();
    expect((await hitsOf(d, 'harbor', { includeSensitive: false })).map((h) => h.metaId)).not.toContain(
      'adult',
    );
    expect((await hitsOf(d, 'harbor', { includeSensitive: true })).map((h) => h.metaId)).toContain('adult');
    expect(
      (await hitsOf(d, 'harbor', { includeSensitive: false, vodType: 'kids' })).map((h) => h.metaId),
    ).toEqual(['kids']);
  });

  it('pages across the tiers, each match once, with the count of all', async () => {
    const d = db();
    const all = await hitsOf(d, 'harb', { includeSensitive: false });
    const pages = await Promise.all(
      [1, 2, 3, 4].map((n) => rankedSearch(d, 'harb', { includeSensitive: false }, n, 2)),
    );
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages.flatMap((p) => p.list)).toEqual(all);
    expect(pages.map((p) => p.list.length)).toEqual([2, 2, 1, 0]);
  });

  it('needs every word', async () => {
    expect((await hitsOf(db(), 'harbor nig', { includeSensitive: false })).map((h) => h.metaId)).toEqual([
      'title-and-person',
    ]);
  });
});

describe('refreshSearchOf', () => {
  const ids = async (d: ReturnType<typeof db>, keyword: string) =>
    (await hitsOf(d, keyword, { includeSensitive: true })).map((h) => h.metaId);

  it("writes one title's row again, and no other", async () => {
    const d = db();
    d.run("UPDATE vod_meta_texts SET title = 'Lighthouse Keeper' WHERE meta_id = 'by-title'");
    d.run("UPDATE vod_meta_texts SET title = 'Lighthouse Pups' WHERE meta_id = 'kids'");
    await refreshSearchOf(d, 'by-title');
    expect(await ids(d, 'lighthouse')).toEqual(['by-title']);
    // The other changed title keeps its old row until its own refresh: nothing was rebuilt.
    expect(await ids(d, 'harbor')).toContain('kids');
    expect(await ids(d, 'harbor')).not.toContain('by-title');
  });

  it('filters and ranks on what the title is now: its type, whether it is sensitive, its popularity', async () => {
    const d = db();
    d.run("UPDATE vod_metas SET vod_type = 'movie', sensitive = 1 WHERE meta_id = 'kids'");
    // Two titles alike but for their popularity, which changes places.
    d.run("UPDATE vod_meta_texts SET title = 'Twin Peaks' WHERE meta_id IN ('by-title', 'nothing')");
    d.run(
      "UPDATE vod_metas SET popularity = CASE meta_id WHEN 'nothing' THEN 0 ELSE 5 END WHERE meta_id IN ('by-title', 'nothing')",
    );
    for (const id of ['kids', 'by-title', 'nothing']) await refreshSearchOf(d, id);
    expect(await hitsOf(d, 'harbor', { includeSensitive: false, vodType: 'kids' })).toEqual([]);
    expect(await ids(d, 'twin peaks')).toEqual(['by-title', 'nothing']);
  });

  it("finds a title's row by its catalogue row's rowid on SQLite, by an index of meta_id on PostgreSQL (decision 0435)", async () => {
    const d = db();
    d.run("UPDATE vod_meta_texts SET title = 'Lighthouse Keeper' WHERE meta_id = 'by-title'");
    await refreshSearchOf(d, 'by-title');
    if (d.engine === 'postgres') {
      const indexes = d.all<{ indexdef: string }>(
        "SELECT indexdef FROM pg_indexes WHERE tablename = 'vod_search'",
      );
      expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/\(meta_id\)/);
    } else {
      // Every row, the refreshed one too, has its title's rowid: the one key FTS5 deletes a row by.
      const rows = d.all<{ meta_id: string; same: number }>(
        'SELECT s.meta_id, s.rowid = (SELECT m.rowid FROM vod_metas m WHERE m.meta_id = s.meta_id) AS same FROM vod_search s',
      );
      expect(rows.length).toBeGreaterThan(3);
      expect(rows.filter((r) => Number(r.same) !== 1)).toEqual([]);
    }
    expect(await ids(d, 'lighthouse')).toEqual(['by-title']);
  });

  it('matches each tier from a GIN index of its folded words on PostgreSQL (migration 545)', async () => {
    const d = db();
    if (d.engine !== 'postgres') return;
    for (const column of ['titles', 'people', 'genres']) {
      const plan = await d.kysely.transaction().execute(async (trx) => {
        // The test catalogue is tiny: without this PostgreSQL would rightly read it whole.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT s.meta_id FROM vod_search s
          WHERE ${sql.raw(foldedVector(`s.${column}`))} @@ to_tsquery('simple', 'harbor:*')`.execute(trx);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`vod_search_${column}_fts`);
    }
  });

  it('leaves no row for a title that left the catalogue', async () => {
    const d = db();
    d.run("DELETE FROM vod_metas WHERE meta_id = 'by-title'");
    await refreshSearchOf(d, 'by-title');
    expect(d.get<{ n: number }>("SELECT COUNT(*) AS n FROM vod_search WHERE meta_id = 'by-title'")?.n).toBe(
      0,
    );
    expect(await ids(d, 'harbor lights')).not.toContain('by-title');
  });
});

describe('the contentless search index (migration 534)', () => {
  it('keeps what a database of the previous format found', async () => {
    const d = openDb(':memory:');
    migrate(
      d,
      migrations.filter((m) => m.version < 534),
    );
    d.run(
      "INSERT INTO vod_metas (meta_id, meta_type, vod_type, release_year, released_at, popularity, sensitive, asset_id) VALUES ('m1', 'MOVIE', 'movie', 2020, 1, 1, 0, 'vod1')",
    );
    d.run("INSERT INTO vod_meta_texts (meta_id, lang, title, plot) VALUES ('m1', 'es', 'El Faro', '')");
    // The index as the previous format wrote it (its own columns).
    d.run("INSERT INTO vod_search (meta_id, titles, people, genres) VALUES ('m1', 'El Faro', '', '')");
    migrate(d);
    expect(await hitsOf(d, 'faro', { includeSensitive: false })).toEqual([
      { metaId: 'm1', matchedOn: 'title' },
    ]);
    // No copy of the texts is kept any more on SQLite: only the id beside the words (PostgreSQL's plain table
    // holds the texts it searches).
    const kept = d.get<{ titles: string | null }>('SELECT titles FROM vod_search')?.titles;
    expect(kept).toBe(d.engine === 'postgres' ? 'El Faro' : null);
  });
});

describe('people and genres by name (migration 542)', () => {
  it('are found through an index of their lower-cased names, not by reading every one', () => {
    const d = db();
    if (d.engine === 'postgres') return;
    const q = personByName(d, 'Ana').compile();
    const plan = d
      .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${q.sql}`, ...(q.parameters as string[]))
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toMatch(/USING INDEX vod_people_lower_name/);
  });
});
