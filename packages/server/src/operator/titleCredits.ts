import { randomBytes } from 'node:crypto';
import type { TitleCreditsForm } from '@ottkit/api-client/contract';
import { refreshSearchOf } from '../domain/vod/search.ts';
import type { Db } from '../store/db.ts';
import { textInLang } from '../store/names.ts';
import { LANGS } from '@ottkit/api-client/contract';

/**
 * People and genres of console titles (decision 0238). The draft keeps names (`console_title_credits`); the
 * catalogue keeps ids, so publishing matches each name to an existing person or genre (case-insensitive, any
 * language of a genre) or makes a new one, then rewrites the title's cast, directors and genres.
 */
type Kind = 'cast' | 'director' | 'genre';
const KINDS: Record<Kind, keyof TitleCreditsForm> = { cast: 'cast', director: 'directors', genre: 'genres' };

export function titleCreditsOf(db: Db, metaId: string): TitleCreditsForm {
  const rows = db.all<{ kind: Kind; name: string }>(
    'SELECT kind, name FROM console_title_credits WHERE meta_id = ? ORDER BY kind, seq',
    metaId,
  );
  const out: TitleCreditsForm = { cast: [], directors: [], genres: [] };
  for (const r of rows) out[KINDS[r.kind]].push(r.name);
  return out;
}

/** `titleCreditsOf` on the asynchronous store: the console's credits screen. */
export async function titleCreditsNow(db: Db, metaId: string): Promise<TitleCreditsForm> {
  const rows = await db.kysely
    .selectFrom('console_title_credits')
    .select(['kind', 'name'])
    .where('meta_id', '=', metaId)
    .orderBy('kind')
    .orderBy('seq')
    .execute();
  const out: TitleCreditsForm = { cast: [], directors: [], genres: [] };
  for (const r of rows) out[KINDS[r.kind as Kind]].push(r.name);
  return out;
}

/** Names to pick from: the catalogue's people and genres (genres in `lang`), on the asynchronous store. */
export async function creditNames(db: Db, lang: string) {
  const k = db.kysely;
  const [people, genres] = await Promise.all([
    k.selectFrom('vod_people').select('name').distinct().orderBy('name').limit(2000).execute(),
    k
      .selectFrom('vod_genres as g')
      .select(textInLang('vod_genre_names', 'genre_id', 'name', 'g.genre_id', lang).as('name'))
      .orderBy('g.seq')
      .execute(),
  ]);
  return { people: people.map((r) => r.name), genres: genres.flatMap((r) => (r.name ? [r.name] : [])) };
}

/** Stores the draft's names; a published title's catalogue credits follow in the same transaction. */
export function saveTitleCredits(db: Db, metaId: string, f: TitleCreditsForm, published: boolean): void {
  db.transaction(() => {
    db.run('DELETE FROM console_title_credits WHERE meta_id = ?', metaId);
    for (const kind of Object.keys(KINDS) as Kind[]) {
      f[KINDS[kind]].forEach((name, seq) => {
        db.run(
          'INSERT INTO console_title_credits (meta_id, kind, name, seq) VALUES (?, ?, ?, ?)',
          metaId,
          kind,
          name,
          seq,
        );
      });
    }
    if (published) {
      publishTitleCredits(db, metaId);
      refreshSearchOf(db, metaId);
    }
  });
}

const newId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** A person by name, whatever its case: read through the index of lower-cased names (migration 542). */
export const PERSON_BY_NAME =
  'SELECT person_id FROM vod_people WHERE lower(name) = lower(?) ORDER BY person_id LIMIT 1';

function personId(db: Db, name: string): string {
  const found = db.get<{ person_id: string }>(PERSON_BY_NAME, name);
  if (found) return found.person_id;
  const id = newId('p');
  db.run(
    "INSERT INTO vod_people (person_id, name, birth_year, country, known_for) VALUES (?, ?, 0, '', '')",
    id,
    name,
  );
  return id;
}

function genreId(db: Db, name: string): string {
  const found = db.get<{ genre_id: string }>(
    'SELECT genre_id FROM vod_genre_names WHERE lower(name) = lower(?) ORDER BY genre_id LIMIT 1',
    name,
  );
  if (found) return found.genre_id;
  const id = newId('g');
  const seq = db.get<{ n: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM vod_genres')!.n;
  db.run('INSERT INTO vod_genres (genre_id, seq) VALUES (?, ?)', id, seq);
  for (const lang of LANGS) {
    db.run('INSERT INTO vod_genre_names (genre_id, lang, name) VALUES (?, ?, ?)', id, lang, name);
  }
  return id;
}

/** Rewrites the catalogue's cast, directors and genres of a published title from its draft (call in a transaction). */
export function publishTitleCredits(db: Db, metaId: string): void {
  const f = titleCreditsOf(db, metaId);
  db.run("DELETE FROM vod_credits WHERE meta_id = ? AND role IN ('cast', 'director')", metaId);
  db.run('DELETE FROM vod_meta_genres WHERE meta_id = ?', metaId);
  // One order over the cast, then the directors: the title page lists credits by it.
  const credits = [
    ...f.cast.map((name) => ({ role: 'cast' as const, name })),
    ...f.directors.map((name) => ({ role: 'director' as const, name })),
  ];
  credits.forEach((c, seq) => {
    db.run(
      'INSERT OR IGNORE INTO vod_credits (meta_id, person_id, role, seq) VALUES (?, ?, ?, ?)',
      metaId,
      personId(db, c.name),
      c.role,
      seq,
    );
  });
  f.genres.forEach((name, seq) => {
    db.run(
      'INSERT OR IGNORE INTO vod_meta_genres (meta_id, genre_id, seq) VALUES (?, ?, ?)',
      metaId,
      genreId(db, name),
      seq,
    );
  });
}
