import type { Playlist, VodCard } from '@ottkit/api-client/contract';
import type { Db } from '../../store/db.ts';
import { cardsFor, type Lang, type Viewer } from './catalogue.ts';
import { type Page, pageWindow } from './paging.ts';
import { countRule, evaluateRule } from './rules.ts';

interface PlaylistRow {
  playlist_id: string;
  level_type: 1 | 99;
  playlist_type: 1 | 2;
  vod_type: Playlist['vodType'];
  rule: string | null;
  seq: number;
  name: string;
}

function rows(db: Db, lang: Lang, where = '', ...params: (string | number)[]): Playlist[] {
  return db
    .all<PlaylistRow>(
      `SELECT p.*, COALESCE(n.name, e.name) AS name FROM vod_playlists p
       JOIN vod_playlist_names e ON e.playlist_id = p.playlist_id AND e.lang = 'en'
       LEFT JOIN vod_playlist_names n ON n.playlist_id = p.playlist_id AND n.lang = ?
       ${where} ORDER BY p.seq, p.playlist_id`,
      lang,
      ...params,
    )
    .map((r) => ({
      playlistId: r.playlist_id,
      name: r.name,
      levelType: r.level_type,
      playlistType: r.playlist_type,
      vodType: r.vod_type,
      rule: r.rule,
      seq: r.seq,
    }));
}

/** Playlist root: categories (levelType 1) and home lists (99), in order. */
export function playlistRoot(db: Db, lang: Lang, levelType?: 1 | 99): Playlist[] {
  return levelType ? rows(db, lang, 'WHERE p.level_type = ?', levelType) : rows(db, lang);
}

/** Where a static list's items are read from, and which of them are listed. */
const itemsOf = (includeSensitive: boolean) =>
  `FROM vod_playlist_items i JOIN vod_metas m ON m.meta_id = i.meta_id
   WHERE i.playlist_id = ? ${includeSensitive ? '' : 'AND m.sensitive = 0'}`;

/**
 * The ids a playlist holds now, in its order: its items (static) or what its rule selects (dynamic); with a
 * window, only that page of them is read.
 */
export function playlistMetaIds(
  db: Db,
  p: Playlist,
  includeSensitive: boolean,
  window?: { limit: number; offset: number },
): string[] {
  if (p.playlistType === 2) return p.rule ? evaluateRule(db, p.rule, includeSensitive, window) : [];
  return db
    .all<{ meta_id: string }>(
      `SELECT i.meta_id ${itemsOf(includeSensitive)} ORDER BY i.seq ${window ? 'LIMIT ? OFFSET ?' : ''}`,
      p.playlistId,
      ...(window ? [window.limit, window.offset] : []),
    )
    .map((r) => r.meta_id);
}

/** One page of a playlist's ids and how many it holds, both read in SQL: no list of a whole category is built. */
function playlistPage(
  db: Db,
  p: Playlist,
  includeSensitive: boolean,
  pageId: number,
  pageSize: number,
): Page<string> {
  const total =
    p.playlistType === 2
      ? p.rule
        ? countRule(db, p.rule, includeSensitive)
        : 0
      : Number(
          db.get<{ n: number }>(`SELECT COUNT(*) AS n ${itemsOf(includeSensitive)}`, p.playlistId)?.n ?? 0,
        );
  const list = total > 0 ? playlistMetaIds(db, p, includeSensitive, pageWindow(pageId, pageSize)) : [];
  return { pageId, pageSize, total, list };
}

export interface BatchPlaylistRequest {
  playlistIds: string[];
  showListType: 1 | 2;
  sensitive: boolean;
  pageId: number;
  pageSize: number;
}

/** One page of cards of each playlist asked for, in the order asked; unknown ids are left out. */
export function batchPlaylist(
  db: Db,
  viewer: Viewer,
  req: BatchPlaylistRequest,
): (Playlist & Page<VodCard>)[] {
  const byId = new Map(playlistRoot(db, viewer.lang).map((p) => [p.playlistId, p]));
  const out: (Playlist & Page<VodCard>)[] = [];
  for (const id of req.playlistIds) {
    const p = byId.get(id);
    if (!p) continue;
    const page = playlistPage(db, p, req.sensitive, req.pageId, req.pageSize);
    const image = req.showListType === 1 ? 'poster' : 'landscape';
    out.push({ ...p, ...page, list: cardsFor(db, page.list, viewer, image, p.playlistId) });
  }
  return out;
}
