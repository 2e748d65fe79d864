import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { homeGet } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { LANGS } from '@ottkit/api-client/contract';

/**
 * The home page's banners (`vod_banners` without a category) and rows (`vod_playlists`, levelType 99) as the
 * console changes them (decision 0236). Each change is one transaction; the site's home cache shows it within
 * its 30 s (decision 0131).
 */
export type HomeLayout = z.output<(typeof homeGet)['response']>;

export async function homeLayout(db: Db): Promise<HomeLayout> {
  const k = db.kysely;
  const [banners, rows] = await Promise.all([
    k
      .selectFrom('vod_banners as b')
      .innerJoin('vod_banner_texts as t', (j) =>
        j.onRef('t.banner_item_id', '=', 'b.banner_item_id').on('t.lang', '=', 'en'),
      )
      .select(['b.banner_item_id', 't.title', 'b.link_type', 'b.link_id'])
      .where('b.vod_type', 'is', null)
      .orderBy('b.seq')
      .orderBy('b.banner_item_id')
      .execute(),
    k
      .selectFrom('vod_playlists as p')
      .innerJoin('vod_playlist_names as n', (j) =>
        j.onRef('n.playlist_id', '=', 'p.playlist_id').on('n.lang', '=', 'en'),
      )
      .select(['p.playlist_id', 'n.name', 'p.rule'])
      .where('p.level_type', '=', 99)
      .orderBy('p.seq')
      .orderBy('p.playlist_id')
      .execute(),
  ]);
  return {
    banners: banners.map((b) => ({
      bannerItemId: b.banner_item_id,
      title: b.title,
      linkType: b.link_type,
      linkId: b.link_id,
    })),
    rows: rows.map((r) => ({ playlistId: r.playlist_id, name: r.name, rule: r.rule })),
  };
}

/** A banner for a catalogue title, last in the carousel; false when the title is not in the catalogue. */
export function addHomeBanner(db: Db, metaId: string, now: number): string | undefined {
  const texts = db.all<{ lang: string; title: string; plot: string }>(
    'SELECT lang, title, plot FROM vod_meta_texts WHERE meta_id = ?',
    metaId,
  );
  const en = texts.find((t) => t.lang === 'en');
  if (!en) return undefined;
  const id = `b-op-${randomBytes(6).toString('hex')}`;
  db.transaction(() => {
    const seq = db.get<{ s: number }>(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS s FROM vod_banners WHERE vod_type IS NULL',
    );
    db.run(
      `INSERT INTO vod_banners (banner_item_id, seq, vod_type, link_type, link_id, meta_id, start_time)
       VALUES (?, ?, NULL, 'VOD_CONTENT', ?, ?, ?)`,
      id,
      seq?.s ?? 1,
      metaId,
      metaId,
      now,
    );
    for (const lang of LANGS) {
      const t = texts.find((x) => x.lang === lang) ?? en;
      db.run(
        'INSERT INTO vod_banner_texts (banner_item_id, lang, title, description) VALUES (?, ?, ?, ?)',
        id,
        lang,
        t.title,
        t.plot,
      );
    }
  });
  return id;
}

export const removeHomeBanner = (db: Db, id: string) =>
  db.run('DELETE FROM vod_banners WHERE banner_item_id = ? AND vod_type IS NULL', id).changes > 0;

export function addHomeRow(db: Db, name: string, rule: string): string {
  const id = `pl-op-${randomBytes(6).toString('hex')}`;
  db.transaction(() => {
    const seq = db.get<{ s: number }>(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS s FROM vod_playlists WHERE level_type = 99',
    );
    db.run(
      'INSERT INTO vod_playlists (playlist_id, level_type, playlist_type, vod_type, rule, seq) VALUES (?, 99, 2, NULL, ?, ?)',
      id,
      rule,
      seq?.s ?? 1,
    );
    for (const lang of LANGS) {
      db.run('INSERT INTO vod_playlist_names (playlist_id, lang, name) VALUES (?, ?, ?)', id, lang, name);
    }
  });
  return id;
}

export const removeHomeRow = (db: Db, id: string) =>
  db.run('DELETE FROM vod_playlists WHERE playlist_id = ? AND level_type = 99', id).changes > 0;

/** Sets the order when `ids` is exactly the current set (each once); false otherwise. */
export async function orderHome(db: Db, what: 'banners' | 'rows', ids: string[]): Promise<boolean> {
  const current = (await homeLayout(db))[what].map((x) =>
    'bannerItemId' in x ? x.bannerItemId : x.playlistId,
  );
  if (
    ids.length !== current.length ||
    new Set(ids).size !== ids.length ||
    !ids.every((i) => current.includes(i))
  )
    return false;
  db.transaction(() => {
    ids.forEach((id, i) => {
      if (what === 'banners') db.run('UPDATE vod_banners SET seq = ? WHERE banner_item_id = ?', i + 1, id);
      else db.run('UPDATE vod_playlists SET seq = ? WHERE playlist_id = ?', i + 1, id);
    });
  });
  return true;
}
