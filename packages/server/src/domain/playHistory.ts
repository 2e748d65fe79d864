import { ErrCode, LIVE_LIST_LIMIT, type PlayHistory } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { deleteHistory, listHistory, putHistory } from '../store/liveUser.ts';
import { channelExists } from './favorites.ts';

export function playHistoryList(db: Db, profileId: string): PlayHistory[] {
  return listHistory(db, profileId, LIVE_LIST_LIMIT).map((r) => ({
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

/** Records plays; a play time more than a minute in the future is refused (a wrong clock, or a forgery). */
export function addPlayHistory(db: Db, profileId: string, list: readonly HistoryInput[], now: number) {
  for (const h of list) {
    if (!channelExists(db, h.logicalChannelId)) {
      throw new DomainError(ErrCode.CHANNEL_NOT_FOUND, `No channel ${h.logicalChannelId}`);
    }
    if (h.playTime > now + 60_000) {
      throw new DomainError(ErrCode.INVALID_REQUEST, 'playTime is in the future');
    }
  }
  db.transaction(() => {
    for (const h of list) putHistory(db, profileId, h);
  });
  return playHistoryList(db, profileId);
}

export function removePlayHistory(db: Db, profileId: string, ids: readonly string[]) {
  db.transaction(() => {
    for (const id of ids) deleteHistory(db, profileId, id);
  });
  return playHistoryList(db, profileId);
}
