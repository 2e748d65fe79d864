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

export function homeLayout(db: Db): HomeLayout {
  const banners = db.all<{ banner_item_id: string; title: string; link_type: string; link_id: string }>(
    `SELECT b.banner_item_id, t.title, b.link_type, b.link_id FROM vod_banners b
     JOIN vod_banner_texts t ON t.banner_item_id = b.banner_item_id AND t.lang = 'en'
     WHERE b.vod_type IS NULL ORDER BY b.seq, b.banner_item_id`,
  );
  const rows = db.all<{ playlist_id: string; name: string; rule: string | null }>(
    `SELECT p.playlist_id, n.name, p.rule FROM vod_playlists p
     JOIN vod_playlist_names n ON n.playlist_id = p.playlist_id AND n.lang = 'en'
     WHERE p.level_type = 99 ORDER BY p.seq, p.playlist_id`,
  );
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
export function orderHome(db: Db, what: 'banners' | 'rows', ids: string[]): boolean {
  const current = homeLayout(db)[what].map((x) => ('bannerItemId' in x ? x.bannerItemId : x.playlistId));
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
