import { describe, expect, it } from 'vitest';
import type { Db } from '../../store/db.ts';
import { nearWordsOf, rankedSearch, type SearchFilter } from './search.ts';
import { oneEditAway } from './searchTypos.ts';
import { harbourCatalogue } from './testDb.ts';

const db = harbourCatalogue;
/** Every hit, best first (the catalogues here are small: one page holds them). */
const hitsOf = async (...a: [Db, string, SearchFilter]) => (await rankedSearch(...a, 1, 100)).list;

describe('typos', () => {
  const ids = async (d: ReturnType<typeof db>, keyword: string) =>
    (await hitsOf(d, keyword, { includeSensitive: false })).map((h) => h.metaId);

  it('spells every word one letter replaced, missing, extra or swapped away, each once', async () => {
    const near = oneEditAway('harbr');
    expect(near).toEqual(expect.arrayContaining(['harbor', 'harb', 'hrabr', 'harbo', 'xharbr']));
    expect(near).not.toContain('harbr');
    expect(new Set(near).size).toBe(near.length);
    expect(oneEditAway('ab').sort()).toEqual(
      [
        ...new Set([
          'b',
          'a',
          'ba',
          ...[...'abcdefghijklmnopqrstuvwxyz'].flatMap((c) => [
            `${c}b`,
            `a${c}`,
            `${c}ab`,
            `a${c}b`,
            `ab${c}`,
          ]),
        ]),
      ]
        .filter((w) => w !== 'ab')
        .sort(),
    );
  });

  it('leaves out, for a beginning, the edits of its last letter: the word without it covers them', () => {
    const near = oneEditAway('harbr', true);
    expect(near).toEqual(expect.arrayContaining(['harb', 'hrabr', 'harrb', 'xarbr']));
    expect(near).not.toContain('harbo');
    expect(near).not.toContain('harbrx');
    expect(near.length).toBeLessThan(oneEditAway('harbr').length - 2 * 26);
    // A digit comes in only when the word has one.
    expect(oneEditAway('harbr')).not.toContain('harb0r');
    expect(oneEditAway('19l7')).toContain('1917');
  });

  it('finds a title, a person and a genre typed with a letter wrong, the last word as a beginning', async () => {
    const d = db();
    expect(await ids(d, 'Lihgts')).toEqual(['by-title']);
    expect(await ids(d, 'harbro lig')).toEqual(['by-title']);
    const harbr = await hitsOf(d, 'Harbr', { includeSensitive: false });
    expect(new Set(harbr.slice(0, 3).map((h) => h.metaId))).toEqual(
      new Set(['by-title', 'title-and-person', 'kids']),
    );
    expect(harbr.slice(3)).toEqual([
      { metaId: 'by-person', matchedOn: 'person' },
      { metaId: 'by-genre', matchedOn: 'genre' },
    ]);
    expect(await ids(d, 'Anna Harborne')).toEqual(['by-person', 'title-and-person']);
    // "Dars" is one letter from both "Days" and "Dark": either may be meant, beside another word.
    expect(await nearWordsOf(d, ['dars', 'harb'])).toEqual(
      [['dark', 'days'], ['harb']].map((g) => expect.arrayContaining(g)),
    );
    expect((await hitsOf(d, 'dars harb', { includeSensitive: true })).map((h) => h.metaId)).toEqual([
      'adult',
    ]);
  });

  it('tries no correction when the exact words found something, or a word is too short to guess', async () => {
    const d = db();
    // "Lights" itself is found, so "Nights", one letter away, is not offered.
    expect(await ids(d, 'lights')).toEqual(['by-title']);
    expect(await ids(d, 'xyz')).toEqual([]);
    expect(await nearWordsOf(d, ['zzzzzz'])).toBeNull();
  });
});
