import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { deleteFavorite, favoriteChannelIds, listFavorites, putFavorite } from '../store/liveUser.ts';

/** Most favourites one account keeps (a line-up of 500 fits). */
export const FAVORITE_LIMIT = 1000;

export function favoriteList(db: Db, profileId: string) {
  return listFavorites(db, profileId).map((r) => ({
    logicalChannelId: r.logical_channel_id,
    updateTime: r.update_time,
  }));
}

/** The favourites as a set, to mark the channels of a line-up (a removed channel is simply not in it). */
export async function favoriteIds(db: Db, profileId: string): Promise<Set<string>> {
  return new Set(await favoriteChannelIds(db, profileId));
}

export function channelExists(db: Db, logicalChannelId: string): boolean {
  return db.get('SELECT 1 AS x FROM channels WHERE logical_channel_id = ?', logicalChannelId) !== undefined;
}

/** Adds favourites; every id must be a channel, else nothing is added (CHANNEL_NOT_FOUND names it). */
export function addFavorites(
  db: Db,
  profileId: string,
  list: ReadonlyArray<{ logicalChannelId: string; updateTime: number }>,
) {
  const unknown = list.find((f) => !channelExists(db, f.logicalChannelId));
  if (unknown) throw new DomainError(ErrCode.CHANNEL_NOT_FOUND, `No channel ${unknown.logicalChannelId}`);
  db.transaction(() => {
    for (const f of list) putFavorite(db, profileId, f.logicalChannelId, f.updateTime);
    const n = listFavorites(db, profileId).length;
    if (n > FAVORITE_LIMIT)
      throw new DomainError(ErrCode.INVALID_REQUEST, `At most ${FAVORITE_LIMIT} favourites`);
  });
  return favoriteList(db, profileId);
}

export function removeFavorites(db: Db, profileId: string, ids: readonly string[]) {
  db.transaction(() => {
    for (const id of ids) deleteFavorite(db, profileId, id);
  });
  return favoriteList(db, profileId);
}
