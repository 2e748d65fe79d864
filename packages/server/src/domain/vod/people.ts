import { VodErrCode } from '@ottkit/api-client/contract';
import { DomainError } from '../errors.ts';
import type { Db } from '../../store/db.ts';
import { cardsFor, personPhotoUrl, type Viewer } from './catalogue.ts';
import { pageOf } from './paging.ts';

type Role = 'cast' | 'director' | 'writer' | 'producer';

export async function personDetail(db: Db, personId: string, viewer: Viewer) {
  const [p, titles] = await Promise.all([
    db.kysely
      .selectFrom('vod_people as p')
      .leftJoin('vod_person_texts as e', (j) =>
        j.onRef('e.person_id', '=', 'p.person_id').on('e.lang', '=', 'en'),
      )
      .leftJoin('vod_person_texts as t', (j) =>
        j.onRef('t.person_id', '=', 'p.person_id').on('t.lang', '=', viewer.lang),
      )
      .selectAll('p')
      .select((eb) => eb.fn.coalesce('t.biography', 'e.biography', eb.val('')).as('biography'))
      .where('p.person_id', '=', personId)
      .executeTakeFirst(),
    db.kysely
      .selectFrom('vod_credits')
      .select((eb) => eb.fn.count<number>('meta_id').distinct().as('n'))
      .where('person_id', '=', personId)
      .executeTakeFirst(),
  ]);
  if (!p) throw new DomainError(VodErrCode.META_NOT_FOUND, `No person with personId '${personId}'`);
  return {
    personId: p.person_id,
    name: p.name,
    biography: p.biography,
    birthYear: p.birth_year,
    country: p.country,
    photo: personPhotoUrl(p.person_id, viewer.lang),
    knownFor: p.known_for as Role,
    titleCount: Number(titles?.n ?? 0),
  };
}

/** A person's titles, newest first, with their (first) role in each. */
export async function filmography(
  db: Db,
  personId: string,
  viewer: Viewer,
  pageId: number,
  pageSize: number,
) {
  await personDetail(db, personId, viewer);
  const rows = await db.kysely
    .selectFrom('vod_credits as c')
    .innerJoin('vod_metas as m', 'm.meta_id', 'c.meta_id')
    .select(['c.meta_id', 'c.role', 'c.character_name'])
    .where('c.person_id', '=', personId)
    .orderBy('m.released_at', 'desc')
    .orderBy('c.meta_id')
    .orderBy('c.seq')
    .execute();
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.meta_id) && seen.add(r.meta_id));
  const page = pageOf(unique, pageId, pageSize);
  const cards = new Map(
    (
      await cardsFor(
        db,
        page.list.map((r) => r.meta_id),
        viewer,
      )
    ).map((c) => [c.metaId, c]),
  );
  return {
    ...page,
    list: page.list.flatMap((r) => {
      const c = cards.get(r.meta_id);
      return c ? [{ ...c, role: r.role, character: r.character_name }] : [];
    }),
  };
}
