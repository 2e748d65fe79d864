import { VodErrCode } from '@ottkit/api-client/contract';
import { DomainError } from '../errors.ts';
import type { Db } from '../../store/db.ts';
import { cardsFor, personPhotoUrl, type Viewer } from './catalogue.ts';
import { pageOf } from './paging.ts';

type Role = 'cast' | 'director' | 'writer' | 'producer';

interface PersonRow {
  person_id: string;
  name: string;
  birth_year: number;
  country: string;
  known_for: Role;
  biography: string;
}

export function personDetail(db: Db, personId: string, viewer: Viewer) {
  const p = db.get<PersonRow>(
    `SELECT p.*, COALESCE(t.biography, e.biography, '') AS biography FROM vod_people p
     LEFT JOIN vod_person_texts e ON e.person_id = p.person_id AND e.lang = 'en'
     LEFT JOIN vod_person_texts t ON t.person_id = p.person_id AND t.lang = ?
     WHERE p.person_id = ?`,
    viewer.lang,
    personId,
  );
  if (!p) throw new DomainError(VodErrCode.META_NOT_FOUND, `No person with personId '${personId}'`);
  const titles = db.get<{ n: number }>(
    'SELECT COUNT(DISTINCT meta_id) AS n FROM vod_credits WHERE person_id = ?',
    personId,
  );
  return {
    personId: p.person_id,
    name: p.name,
    biography: p.biography,
    birthYear: p.birth_year,
    country: p.country,
    photo: personPhotoUrl(p.person_id, viewer.lang),
    knownFor: p.known_for,
    titleCount: titles?.n ?? 0,
  };
}

/** A person's titles, newest first, with their (first) role in each. */
export function filmography(db: Db, personId: string, viewer: Viewer, pageId: number, pageSize: number) {
  personDetail(db, personId, viewer);
  const rows = db.all<{ meta_id: string; role: Role; character_name: string }>(
    `SELECT c.meta_id, c.role, c.character_name FROM vod_credits c JOIN vod_metas m ON m.meta_id = c.meta_id
     WHERE c.person_id = ? ORDER BY m.released_at DESC, c.meta_id, c.seq`,
    personId,
  );
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.meta_id) && seen.add(r.meta_id));
  const page = pageOf(unique, pageId, pageSize);
  const cards = new Map(
    cardsFor(
      db,
      page.list.map((r) => r.meta_id),
      viewer,
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
