import { describe, expect, it } from 'vitest';
import { ftsQuery, rankedSearch, rebuildSearchIndex } from './search.ts';
import { tinyDb } from './testDb.ts';

function db() {
  const d = tinyDb(
    [
      { id: 'by-genre', title: 'Quiet Days', genres: ['harb'], popularity: 999 },
      { id: 'by-person', title: 'Other Days', people: ['p1'], popularity: 500 },
      { id: 'by-title', title: 'Harbor Lights', popularity: 1 },
      { id: 'title-and-person', title: 'Harbor Nights', people: ['p1'], popularity: 2 },
      { id: 'nothing', title: 'Unrelated', popularity: 1000 },
      { id: 'adult', title: 'Harbor After Dark', sensitive: true },
      { id: 'kids', title: 'Harbor Pups', vodType: 'kids' },
    ],
    { harb: 'Harborcore' },
    { p1: 'Ana Harborne' },
  );
  rebuildSearchIndex(d);
  return d;
}

describe('ftsQuery', () => {
  it('quotes every word and makes the last one a prefix, so typed text is never FTS syntax', () => {
    expect(ftsQuery('Harbor')).toBe('"harbor"*');
    expect(ftsQuery('  the  HARB ')).toBe('"the" "harb"*');
    expect(ftsQuery('a" OR b NEAR(')).toBe('"a" "or" "b" "near"*');
    expect(ftsQuery('!!! ---')).toBeNull();
  });
});

describe('rankedSearch', () => {
  it('ranks title matches above people matches above genre matches, whatever the popularity', () => {
    const hits = rankedSearch(db(), 'harb', { includeSensitive: false });
    expect(hits.map((h) => h.matchedOn)).toEqual(['title', 'title', 'title', 'person', 'genre']);
    expect(hits.slice(3).map((h) => h.metaId)).toEqual(['by-person', 'by-genre']);
    // A title that matches on its title and its people counts once, as a title match.
    expect(hits.filter((h) => h.metaId === 'title-and-person')).toEqual([
      { metaId: 'title-and-person', matchedOn: 'title' },
    ]);
    expect(hits.map((h) => h.metaId)).not.toContain('nothing');
  });

  it('leaves sensitive titles out unless asked, and filters by VOD type', () => {
    const d = db();
    expect(rankedSearch(d, 'harbor', { includeSensitive: false }).map((h) => h.metaId)).not.toContain(
      'adult',
    );
    expect(rankedSearch(d, 'harbor', { includeSensitive: true }).map((h) => h.metaId)).toContain('adult');
    expect(
      rankedSearch(d, 'harbor', { includeSensitive: false, vodType: 'kids' }).map((h) => h.metaId),
    ).toEqual(['kids']);
  });

  it('needs every word', () => {
    expect(rankedSearch(db(), 'harbor nig', { includeSensitive: false }).map((h) => h.metaId)).toEqual([
      'title-and-person',
    ]);
  });
});
