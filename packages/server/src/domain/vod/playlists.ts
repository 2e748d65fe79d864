import type { Playlist, VodCard } from '@ottkit/api-client/contract';
import type { Db } from '../../store/db.ts';
import { cardsFor, type Lang, type Viewer } from './catalogue.ts';
import { type Page, pageWindow } from './paging.ts';
import { countRule, evaluateRule } from './rules.ts';

/** The playlists, with their names in `lang` (English when a name is missing), in order. */
async function rows(db: Db, lang: Lang, levelType?: 1 | 99): Promise<Playlist[]> {
  const found = await db.kysely
    .selectFrom('vod_playlists as p')
    .innerJoin('vod_playlist_names as e', (j) =>
      j.onRef('e.playlist_id', '=', 'p.playlist_id').on('e.lang', '=', 'en'),
    )
    .leftJoin('vod_playlist_names as n', (j) =>
      j.onRef('n.playlist_id', '=', 'p.playlist_id').on('n.lang', '=', lang),
    )
    .selectAll('p')
    .select((eb) => eb.fn.coalesce('n.name', 'e.name').as('name'))
    .$if(levelType !== undefined, (q) => q.where('p.level_type', '=', levelType as 1 | 99))
    .orderBy('p.seq')
    .orderBy('p.playlist_id')
    .execute();
  return found.map((r) => ({
    playlistId: r.playlist_id,
    name: r.name,
    levelType: r.level_type as Playlist['levelType'],
    playlistType: r.playlist_type as Playlist['playlistType'],
    vodType: r.vod_type as Playlist['vodType'],
    rule: r.rule,
    seq: r.seq,
  }));
}

/** Playlist root: categories (levelType 1) and home lists (99), in order. */
export function playlistRoot(db: Db, lang: Lang, levelType?: 1 | 99): Promise<Playlist[]> {
  return rows(db, lang, levelType);
}

/** A static list's items that are listed (`i`, with their titles `m`). */
const itemsOf = (db: Db, playlistId: string, includeSensitive: boolean) =>
  db.kysely
    .selectFrom('vod_playlist_items as i')
    .innerJoin('vod_metas as m', 'm.meta_id', 'i.meta_id')
    .where('i.playlist_id', '=', playlistId)
    .$if(!includeSensitive, (q) => q.where('m.sensitive', '=', 0));

/**
 * The ids a playlist holds now, in its order: its items (static) or what its rule selects (dynamic); with a
 * window, only that page of them is read.
 */
export async function playlistMetaIds(
  db: Db,
  p: Playlist,
  includeSensitive: boolean,
  window?: { limit: number; offset: number },
): Promise<string[]> {
  if (p.playlistType === 2) return p.rule ? evaluateRule(db, p.rule, includeSensitive, window) : [];
  const rows = await itemsOf(db, p.playlistId, includeSensitive)
    .select('i.meta_id')
    .orderBy('i.seq')
    .$if(window !== undefined, (q) => q.limit(window?.limit ?? 0).offset(window?.offset ?? 0))
    .execute();
  return rows.map((r) => r.meta_id);
}

/** One page of a playlist's ids and how many it holds, both read in SQL: no list of a whole category is built. */
async function playlistPage(
  db: Db,
  p: Playlist,
  includeSensitive: boolean,
  pageId: number,
  pageSize: number,
): Promise<Page<string>> {
  const total =
    p.playlistType === 2
      ? p.rule
        ? await countRule(db, p.rule, includeSensitive)
        : 0
      : Number(
          (
            await itemsOf(db, p.playlistId, includeSensitive)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        );
  const list = total > 0 ? await playlistMetaIds(db, p, includeSensitive, pageWindow(pageId, pageSize)) : [];
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
export async function batchPlaylist(
  db: Db,
  viewer: Viewer,
  req: BatchPlaylistRequest,
): Promise<(Playlist & Page<VodCard>)[]> {
  const byId = new Map((await playlistRoot(db, viewer.lang)).map((p) => [p.playlistId, p]));
  const out: (Playlist & Page<VodCard>)[] = [];
  for (const id of req.playlistIds) {
    const p = byId.get(id);
    if (!p) continue;
    const page = await playlistPage(db, p, req.sensitive, req.pageId, req.pageSize);
    const image = req.showListType === 1 ? 'poster' : 'landscape';
    out.push({ ...p, ...page, list: await cardsFor(db, page.list, viewer, image, p.playlistId) });
  }
  return out;
}
