import { ErrCode, LIVE_LIST_LIMIT, type PlayHistory } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { deleteProfileChannels, listHistory, putHistoryStatement } from '../store/liveUser.ts';
import { assertChannels } from './favorites.ts';

export async function playHistoryList(db: Db, profileId: string): Promise<PlayHistory[]> {
  return (await listHistory(db, profileId, LIVE_LIST_LIMIT)).map((r) => ({
    logicalChannelId: r.logical_channel_id,
    programId: r.program_id,
    playType: r.play_type,
    playTime: r.play_time,
    duration: r.duration,
    logicalChannelName: r.logical_channel_name,
    iconUrl: r.icon_url,
  }));
}

export interface HistoryInput {
  logicalChannelId: string;
  programId: string;
  playType: 'live' | 'catchup';
  playTime: number;
  duration: number;
}

/**
 * Records plays of the account's profile; a play time more than a minute in the future is refused (a wrong clock,
 * or a forgery). Every channel change sends one: the plays are one statement, no transaction.
 */
export async function addPlayHistory(
  db: Db,
  accountId: string,
  profileId: string,
  list: readonly HistoryInput[],
  now: number,
) {
  await assertChannels(
    db,
    list.map((h) => h.logicalChannelId),
  );
  if (list.some((h) => h.playTime > now + 60_000)) {
    throw new DomainError(ErrCode.INVALID_REQUEST, 'playTime is in the future');
  }
  // One row a channel, its newest play: one statement may not write the same row twice.
  const newest = new Map<string, HistoryInput>();
  for (const h of list) {
    const seen = newest.get(h.logicalChannelId);
    if (!seen || h.playTime >= seen.playTime) newest.set(h.logicalChannelId, h);
  }
  if (newest.size > 0)
    await db.kysely.executeQuery(putHistoryStatement(db, accountId, profileId, [...newest.values()]));
  return playHistoryList(db, profileId);
}

export async function removePlayHistory(db: Db, profileId: string, ids: readonly string[]) {
  if (ids.length > 0) await deleteProfileChannels(db, 'play_history', profileId, ids);
  return playHistoryList(db, profileId);
}
