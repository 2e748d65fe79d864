import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { homeGet } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import { type Actor, auditStatement } from './audit.ts';
import { LANGS } from '@ottkit/api-client/contract';

/**
 * The home page's banners (`vod_banners` without a category) and rows (`vod_playlists`, levelType 99) as the
 * console changes them (decision 0236). Each change is one transaction with its audit entry; the site's home cache shows it within
 * its 30 s (decision 0131).
 */
export type HomeLayout = z.output<(typeof homeGet)['response']>;

const bannersOf = (db: Db) =>
  db.kysely
    .selectFrom('vod_banners as b')
    .innerJoin('vod_banner_texts as t', (j) =>
      j.onRef('t.banner_item_id', '=', 'b.banner_item_id').on('t.lang', '=', 'en'),
    )
    .select(['b.banner_item_id', 't.title', 'b.link_type', 'b.link_id'])
    .where('b.vod_type', 'is', null)
    .orderBy('b.seq')
    .orderBy('b.banner_item_id');

const rowsOf = (db: Db) =>
  db.kysely
    .selectFrom('vod_playlists as p')
    .innerJoin('vod_playlist_names as n', (j) =>
      j.onRef('n.playlist_id', '=', 'p.playlist_id').on('n.lang', '=', 'en'),
    )
    .select(['p.playlist_id', 'n.name', 'p.rule'])
    .where('p.level_type', '=', 99)
    .orderBy('p.seq')
    .orderBy('p.playlist_id');

type BannerRow = Awaited<ReturnType<ReturnType<typeof bannersOf>['execute']>>[number];
type RowRow = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];

const layoutOf = (banners: BannerRow[], rows: RowRow[]): HomeLayout => ({
  banners: banners.map((b) => ({
    bannerItemId: b.banner_item_id,
    title: b.title,
    linkType: b.link_type,
    linkId: b.link_id,
  })),
  rows: rows.map((r) => ({ playlistId: r.playlist_id, name: r.name, rule: r.rule })),
});

export async function homeLayout(db: Db): Promise<HomeLayout> {
  const [banners, rows] = await Promise.all([bannersOf(db).execute(), rowsOf(db).execute()]);
  return layoutOf(banners, rows);
}

/** The layout, read inside a change's transaction. */
function* layoutIn(db: Db): Statements<HomeLayout> {
  const banners = (yield* query(bannersOf(db).compile())).rows;
  return layoutOf(banners, (yield* query(rowsOf(db).compile())).rows);
}

/** A change of the home layout: true when it changed something (false: nothing there by that id). */
export type HomeChange = (db: Db, layout: HomeLayout) => Statements<boolean>;

/**
 * Runs a change of the home layout and its audit entry (the layout before and after, or what `audited` gives) in
 * one transaction on the asynchronous store (issue 39, decision 0434); answers the layout after it, or undefined
 * when the change found nothing to change.
 */
export function changeHome(
  db: Db,
  entry: { actor: Actor; action: string; target: string; now: number },
  change: HomeChange,
  audited?: unknown,
): Promise<HomeLayout | undefined> {
  return transactionally(db, function* () {
    const before = yield* layoutIn(db);
    if (!(yield* change(db, before))) return undefined;
    const after = yield* layoutIn(db);
    const what = audited === undefined ? { before, after } : { after: audited };
    yield* query(auditStatement(db, entry.actor, entry.action, entry.target, what, entry.now));
    return after;
  });
}

/** The next place at the end of the carousel or of the rows. */
function* nextSeq(db: Db, list: 'banners' | 'rows'): Statements<number> {
  const k = db.kysely;
  const last =
    list === 'banners'
      ? k
          .selectFrom('vod_banners')
          .select((eb) => eb.fn.max('seq').as('s'))
          .where('vod_type', 'is', null)
      : k
          .selectFrom('vod_playlists')
          .select((eb) => eb.fn.max('seq').as('s'))
          .where('level_type', '=', 99);
  const [r] = (yield* query(last.compile())).rows;
  return Number(r?.s ?? 0) + 1;
}

/** A banner for a catalogue title, last in the carousel; nothing when the title is not in the catalogue. */
export const addHomeBanner = (metaId: string, now: number): HomeChange =>
  function* (db) {
    const k = db.kysely;
    const texts = (yield* query(
      k
        .selectFrom('vod_meta_texts')
        .select(['lang', 'title', 'plot'])
        .where('meta_id', '=', metaId)
        .compile(),
    )).rows;
    const en = texts.find((t) => t.lang === 'en');
    if (!en) return false;
    const id = `b-op-${randomBytes(6).toString('hex')}`;
    const seq = yield* nextSeq(db, 'banners');
    yield* query(
      k
        .insertInto('vod_banners')
        .values({
          banner_item_id: id,
          seq,
          vod_type: null,
          link_type: 'VOD_CONTENT',
          link_id: metaId,
          meta_id: metaId,
          start_time: now,
        })
        .compile(),
    );
    const named = LANGS.map((lang) => {
      const t = texts.find((x) => x.lang === lang) ?? en;
      return { banner_item_id: id, lang, title: t.title, description: t.plot };
    });
    yield* query(k.insertInto('vod_banner_texts').values(named).compile());
    return true;
  };

export const removeHomeBanner = (id: string): HomeChange =>
  function* (db) {
    const gone = yield* query(
      db.kysely
        .deleteFrom('vod_banners')
        .where('banner_item_id', '=', id)
        .where('vod_type', 'is', null)
        .compile(),
    );
    return Number(gone.numAffectedRows) > 0;
  };

export const addHomeRow = (name: string, rule: string): HomeChange =>
  function* (db) {
    const k = db.kysely;
    const id = `pl-op-${randomBytes(6).toString('hex')}`;
    const seq = yield* nextSeq(db, 'rows');
    yield* query(
      k
        .insertInto('vod_playlists')
        .values({ playlist_id: id, level_type: 99, playlist_type: 2, vod_type: null, rule, seq })
        .compile(),
    );
    const named = LANGS.map((lang) => ({ playlist_id: id, lang, name }));
    yield* query(k.insertInto('vod_playlist_names').values(named).compile());
    return true;
  };

export const removeHomeRow = (id: string): HomeChange =>
  function* (db) {
    const gone = yield* query(
      db.kysely
        .deleteFrom('vod_playlists')
        .where('playlist_id', '=', id)
        .where('level_type', '=', 99)
        .compile(),
    );
    return Number(gone.numAffectedRows) > 0;
  };

/** Sets the order when `ids` is exactly the current set (each once); nothing otherwise. */
export const orderHome = (what: 'banners' | 'rows', ids: readonly string[]): HomeChange =>
  function* (db, layout) {
    const current = layout[what].map((x) => ('bannerItemId' in x ? x.bannerItemId : x.playlistId));
    if (
      ids.length !== current.length ||
      new Set(ids).size !== ids.length ||
      !ids.every((i) => current.includes(i))
    )
      return false;
    const k = db.kysely;
    for (const [i, id] of ids.entries()) {
      yield* query(
        (what === 'banners'
          ? k
              .updateTable('vod_banners')
              .set({ seq: i + 1 })
              .where('banner_item_id', '=', id)
          : k
              .updateTable('vod_playlists')
              .set({ seq: i + 1 })
              .where('playlist_id', '=', id)
        ).compile(),
      );
    }
    return true;
  };
