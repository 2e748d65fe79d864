import { describe, expect, it } from 'vitest';
import { seedVodIfEmpty } from '../../seed/vod/index.ts';
import { openDb } from '../../store/db.ts';
import { migrate } from '../../store/migrations.ts';
import { moreLikeThis, similarity } from './recommend.ts';

// More like this reads only the titles that share something with the title (issue 42): its order must stay the
// rule's, which is `similarity` over every title, then the rating, the popularity and the id.
const db = openDb(':memory:');
migrate(db);
seedVodIfEmpty(db);

interface Title {
  meta_id: string;
  rating: number | null;
  popularity: number;
  sensitive: number;
  series_id: string | null;
}
const titles = db.all<Title>(
  "SELECT meta_id, rating, popularity, sensitive, series_id FROM vod_metas WHERE meta_type IN ('MOVIE', 'SERIES')",
);

/** Each title's genres and people, read once: the rule is scored here in memory for every pair. */
const setsOf = (rows: { meta_id: string; x: string }[]) => {
  const out = new Map<string, Set<string>>();
  for (const r of rows) out.set(r.meta_id, (out.get(r.meta_id) ?? new Set()).add(r.x));
  return out;
};
const genres = setsOf(db.all('SELECT meta_id, genre_id AS x FROM vod_meta_genres'));
const people = setsOf(db.all('SELECT meta_id, person_id AS x FROM vod_credits'));
const shared = (sets: Map<string, Set<string>>, a: string, b: string) =>
  [...(sets.get(a) ?? [])].filter((x) => sets.get(b)?.has(x)).length;
/** `similarity`'s rule: a shared genre counts once, a shared person twice. */
const score = (a: string, b: string) => shared(genres, a, b) + 2 * shared(people, a, b);

/** Every listed title scored against `owner`, in the rule's order. */
function byTheRule(owner: string, includeSensitive: boolean): string[] {
  return titles
    .filter((m) => m.meta_id !== owner && (includeSensitive || m.sensitive === 0))
    .map((m) => ({ m, score: score(owner, m.meta_id) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.m.rating ?? 0) - (a.m.rating ?? 0) ||
        b.m.popularity - a.m.popularity ||
        (a.m.meta_id < b.m.meta_id ? -1 : a.m.meta_id > b.m.meta_id ? 1 : 0),
    )
    .map(({ m }) => m.meta_id);
}

describe('more like this', () => {
  it('orders every title of the catalogue as scoring all of them would', async () => {
    expect(titles.length).toBeGreaterThan(50);
    // The scoring here is `similarity`'s.
    const [a, b, c] = titles.map((m) => m.meta_id);
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
    ] as [string, string][])
      expect(score(x, y)).toBe(similarity(db, x, y));
    for (const { meta_id } of titles) {
      expect(await moreLikeThis(db, meta_id, 16, false), meta_id).toEqual(
        byTheRule(meta_id, false).slice(0, 16),
      );
    }
  });

  it('fills up with the best rated of the rest when fewer titles share something than asked for', async () => {
    const owner = titles[0]?.meta_id ?? '';
    const all = byTheRule(owner, true);
    const sharing = all.filter((id) => score(owner, id) > 0).length;
    expect(sharing).toBeLessThan(all.length);
    expect(await moreLikeThis(db, owner, all.length, true)).toEqual(all);
    expect(await moreLikeThis(db, owner, sharing + 3, true)).toEqual(all.slice(0, sharing + 3));
  });

  it("answers an episode with its series' neighbours", async () => {
    const episode = db.get<{ meta_id: string; series_id: string }>(
      "SELECT meta_id, series_id FROM vod_metas WHERE meta_type = 'EPISODE' LIMIT 1",
    );
    expect(episode).toBeDefined();
    expect(await moreLikeThis(db, episode?.meta_id ?? '', 10, false)).toEqual(
      await moreLikeThis(db, episode?.series_id ?? '', 10, false),
    );
  });
});
