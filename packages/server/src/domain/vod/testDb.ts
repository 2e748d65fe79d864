import { openDb, type Db } from '../../store/db.ts';
import { migrate } from '../../store/migrations.ts';
import { rebuildSearchIndex } from './search.ts';

/** Test support: an in-memory database with the schema and a tiny hand-made catalogue. */
export interface TinyMeta {
  id: string;
  title: string;
  type?: 'MOVIE' | 'SERIES';
  vodType?: 'movie' | 'series' | 'kids' | 'audio';
  genres?: string[];
  people?: string[];
  releasedAt?: number;
  rating?: number | null;
  popularity?: number;
  sensitive?: boolean;
}

export function tinyDb(
  metas: TinyMeta[],
  genres: Record<string, string> = {},
  people: Record<string, string> = {},
): Db {
  const db = openDb(':memory:');
  migrate(db);
  Object.entries(genres).forEach(([id, name], i) => {
    db.run('INSERT INTO vod_genres (genre_id, seq) VALUES (?, ?)', id, i);
    db.run("INSERT INTO vod_genre_names (genre_id, lang, name) VALUES (?, 'en', ?)", id, name);
  });
  for (const [id, name] of Object.entries(people)) {
    db.run(
      "INSERT INTO vod_people (person_id, name, birth_year, country, known_for) VALUES (?, ?, 1980, 'US', 'cast')",
      id,
      name,
    );
  }
  metas.forEach((m, i) => {
    db.run(
      `INSERT INTO vod_metas (meta_id, meta_type, vod_type, release_year, released_at, rating, popularity, sensitive, asset_id)
       VALUES (?, ?, ?, 2020, ?, ?, ?, ?, 'vod1')`,
      m.id,
      m.type ?? 'MOVIE',
      m.vodType ?? 'movie',
      m.releasedAt ?? i,
      m.rating === undefined ? 5 : m.rating,
      m.popularity ?? 0,
      m.sensitive ? 1 : 0,
    );
    db.run("INSERT INTO vod_meta_texts (meta_id, lang, title, plot) VALUES (?, 'en', ?, '')", m.id, m.title);
    (m.genres ?? []).forEach((g, k) => {
      db.run('INSERT INTO vod_meta_genres (meta_id, genre_id, seq) VALUES (?, ?, ?)', m.id, g, k);
    });
    (m.people ?? []).forEach((p, k) => {
      db.run("INSERT INTO vod_credits (meta_id, person_id, role, seq) VALUES (?, ?, 'cast', ?)", m.id, p, k);
    });
  });
  return db;
}

/** The search tests' catalogue, indexed: "harbor" in titles, in a person's name and in a genre's. */
export function harbourCatalogue(): Db {
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
