import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import {
  deleteProfileChannels,
  existingChannels,
  favoriteChannelIds,
  listFavorites,
  lockProfileStatement,
  putFavoriteStatement,
} from '../store/liveUser.ts';

/** Most favourites one account keeps (a line-up of 500 fits). */
export const FAVORITE_LIMIT = 1000;

export async function favoriteList(db: Db, profileId: string) {
  return (await listFavorites(db, profileId)).map((r) => ({
    logicalChannelId: r.logical_channel_id,
    updateTime: r.update_time,
  }));
}

/** The favourites as a set, to mark the channels of a line-up (a removed channel is simply not in it). */
export async function favoriteIds(db: Db, profileId: string): Promise<Set<string>> {
  return new Set(await favoriteChannelIds(db, profileId));
}

/** Refuses a list naming a channel the line-up does not have (CHANNEL_NOT_FOUND names it). */
export async function assertChannels(db: Db, ids: readonly string[]): Promise<void> {
  const known = await existingChannels(db, ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new DomainError(ErrCode.CHANNEL_NOT_FOUND, `No channel ${unknown}`);
}

/**
 * Adds favourites; every id must be a channel, else nothing is added. The profile's row is locked while the
 * favourites are written and counted, so two adds at once cannot pass the limit together.
 */
export async function addFavorites(
  db: Db,
  profileId: string,
  list: ReadonlyArray<{ logicalChannelId: string; updateTime: number }>,
) {
  await assertChannels(
    db,
    list.map((f) => f.logicalChannelId),
  );
  await transactionally(db, function* () {
    const profile = (yield* query(lockProfileStatement(db, profileId))).rows[0];
    if (!profile) return;
    for (const f of list)
      yield* query(putFavoriteStatement(db, profile.account_id, profileId, f.logicalChannelId, f.updateTime));
    const counted = yield* query(
      db.kysely
        .selectFrom('favorite_channels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('profile_id', '=', profileId)
        .compile(),
    );
    if (Number(counted.rows[0]?.n ?? 0) > FAVORITE_LIMIT)
      throw new DomainError(ErrCode.INVALID_REQUEST, `At most ${FAVORITE_LIMIT} favourites`);
  });
  return favoriteList(db, profileId);
}

export async function removeFavorites(db: Db, profileId: string, ids: readonly string[]) {
  if (ids.length > 0) await deleteProfileChannels(db, 'favorite_channels', profileId, ids);
  return favoriteList(db, profileId);
}
