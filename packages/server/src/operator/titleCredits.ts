import { randomBytes } from 'node:crypto';
import type { TitleCreditsForm } from '@ottkit/api-client/contract';
import { sql } from 'kysely';
import { refreshSearchSteps } from '../domain/vod/search.ts';
import { query, type Statements } from '../store/kysely/transactionally.ts';
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

/** The draft's names, read in a transaction. */
export function* creditsSteps(db: Db, metaId: string): Statements<TitleCreditsForm> {
  const { rows } = yield* query(
    db.kysely
      .selectFrom('console_title_credits')
      .select(['kind', 'name'])
      .where('meta_id', '=', metaId)
      .orderBy('kind')
      .orderBy('seq')
      .compile(),
  );
  const out: TitleCreditsForm = { cast: [], directors: [], genres: [] };
  for (const r of rows) out[KINDS[r.kind as Kind]].push(r.name);
  return out;
}

/** Stores the draft's names; a published title's catalogue credits follow in the same transaction. */
export function* saveTitleCreditsSteps(
  db: Db,
  metaId: string,
  f: TitleCreditsForm,
  published: boolean,
): Statements<void> {
  const k = db.kysely;
  yield* query(k.deleteFrom('console_title_credits').where('meta_id', '=', metaId).compile());
  const rows = (Object.keys(KINDS) as Kind[]).flatMap((kind) =>
    f[KINDS[kind]].map((name, seq) => ({ meta_id: metaId, kind, name, seq })),
  );
  if (rows.length > 0) yield* query(k.insertInto('console_title_credits').values(rows).compile());
  if (published) {
    yield* publishTitleCreditsSteps(db, metaId);
    yield* refreshSearchSteps(db, metaId);
  }
}

const newId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** A person by name, whatever its case: read through the index of lower-cased names (migration 542). */
export const personByName = (db: Db, name: string) =>
  db.kysely
    .selectFrom('vod_people')
    .select('person_id')
    .where(sql`lower(name)`, '=', sql`lower(${name})`)
    .orderBy('person_id')
    .limit(1);

function* personIdSteps(db: Db, name: string): Statements<string> {
  const found = (yield* query(personByName(db, name).compile())).rows[0];
  if (found) return found.person_id;
  const id = newId('p');
  yield* query(
    db.kysely
      .insertInto('vod_people')
      .values({ person_id: id, name, birth_year: 0, country: '', known_for: '' })
      .compile(),
  );
  return id;
}

function* genreIdSteps(db: Db, name: string): Statements<string> {
  const k = db.kysely;
  const found = (yield* query(
    k
      .selectFrom('vod_genre_names')
      .select('genre_id')
      .where(sql`lower(name)`, '=', sql`lower(${name})`)
      .orderBy('genre_id')
      .limit(1)
      .compile(),
  )).rows[0];
  if (found) return found.genre_id;
  const id = newId('g');
  const last = (yield* query(
    k.selectFrom('vod_genres').select(sql<number>`COALESCE(MAX(seq), 0) + 1`.as('n')).compile(),
  )).rows[0];
  yield* query(
    k
      .insertInto('vod_genres')
      .values({ genre_id: id, seq: Number(last?.n ?? 1) })
      .compile(),
  );
  yield* query(
    k
      .insertInto('vod_genre_names')
      .values(LANGS.map((lang) => ({ genre_id: id, lang, name })))
      .compile(),
  );
  return id;
}

/** Rewrites the catalogue's cast, directors and genres of a published title from its draft. */
export function* publishTitleCreditsSteps(db: Db, metaId: string): Statements<void> {
  const k = db.kysely;
  const f = yield* creditsSteps(db, metaId);
  yield* query(
    k
      .deleteFrom('vod_credits')
      .where('meta_id', '=', metaId)
      .where('role', 'in', ['cast', 'director'])
      .compile(),
  );
  yield* query(k.deleteFrom('vod_meta_genres').where('meta_id', '=', metaId).compile());
  // One order over the cast, then the directors: the title page lists credits by it.
  const credits = [
    ...f.cast.map((name) => ({ role: 'cast' as const, name })),
    ...f.directors.map((name) => ({ role: 'director' as const, name })),
  ];
  for (const [seq, c] of credits.entries()) {
    const person_id = yield* personIdSteps(db, c.name);
    yield* query(
      k
        .insertInto('vod_credits')
        .values({ meta_id: metaId, person_id, role: c.role, seq })
        .onConflict((oc) => oc.doNothing())
        .compile(),
    );
  }
  for (const [seq, name] of f.genres.entries()) {
    const genre_id = yield* genreIdSteps(db, name);
    yield* query(
      k
        .insertInto('vod_meta_genres')
        .values({ meta_id: metaId, genre_id, seq })
        .onConflict((oc) => oc.doNothing())
        .compile(),
    );
  }
}
