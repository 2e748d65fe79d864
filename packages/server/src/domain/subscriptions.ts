import { ErrCode, type ProgramSubscription } from '@ottkit/api-client';
import { type AgeRating, ratingAllowed } from '@ottkit/api-client/contract';
import { ageRatingOf } from './ageRating.ts';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { getProgram } from '../store/epg.ts';
import {
  deleteProgramSubscription,
  listProgramSubscriptions,
  putProgramSubscription,
} from '../store/liveUser.ts';
import { programStatus } from './programmes.ts';

const DAY_MS = 86_400_000;

/**
 * The user's programme subscriptions in start order (spec §3). Ones whose programme ended more than a day ago,
 * or vanished from the guide, are dropped: the reminder for them can never show again. A programme rated above
 * the profile's maximum keeps its times and channel but not its title (issue 20 §2).
 */
export function subscriptionList(db: Db, profileId: string, now: number): ProgramSubscription[] {
  const out: ProgramSubscription[] = [];
  for (const r of listProgramSubscriptions(db, profileId)) {
    if (r.start_ts === null || r.stop_ts === null || r.stop_ts < now - DAY_MS) {
      deleteProgramSubscription(db, profileId, r.program_id, r.logical_channel_id);
      continue;
    }
    // The answer is the profile's own: a programme rated above it goes without its title (decision 0310).
    const hidden = r.max_rating !== null && !ratingAllowed(ageRatingOf(r.rating), r.max_rating as AgeRating);
    out.push({
      programId: r.program_id,
      logicalChannelId: r.logical_channel_id,
      start: r.start_ts,
      stop: r.stop_ts,
      programme: hidden ? '' : (r.title ?? ''),
      ...(hidden ? { ratedAbove: true } : {}),
      channelName: r.logical_channel_name,
      iconUrl: r.icon_url,
      epgStatus: programStatus({ start: r.start_ts, stop: r.stop_ts }, now),
    });
  }
  return out;
}

/**
 * Subscribes to programmes. Each must be in the guide of the channel named with it and must not have started
 * (spec §4: notStart allows a reminder); otherwise nothing is stored and the error names the programme.
 */
export function subscribe(
  db: Db,
  profileId: string,
  list: ReadonlyArray<{ logicalChannelId: string; programId: string }>,
  now: number,
): ProgramSubscription[] {
  for (const s of list) {
    const channel = db.get<{ epg_id: string }>(
      'SELECT epg_id FROM channels WHERE logical_channel_id = ?',
      s.logicalChannelId,
    );
    if (!channel) throw new DomainError(ErrCode.CHANNEL_NOT_FOUND, `No channel ${s.logicalChannelId}`);
    const p = getProgram(db, s.programId);
    if (!p || p.epgId !== channel.epg_id) {
      throw new DomainError(
        ErrCode.PROGRAM_NOT_FOUND,
        `No programme ${s.programId} on ${s.logicalChannelId}`,
      );
    }
    if (programStatus(p, now) !== 'notStart') {
      throw new DomainError(ErrCode.PROGRAM_NOT_SUBSCRIBABLE, `Programme ${s.programId} has already started`);
    }
  }
  db.transaction(() => {
    for (const s of list) putProgramSubscription(db, profileId, s.programId, s.logicalChannelId, now);
  });
  return subscriptionList(db, profileId, now);
}

export function unsubscribe(
  db: Db,
  profileId: string,
  list: ReadonlyArray<{ logicalChannelId: string; programId: string }>,
  now: number,
): ProgramSubscription[] {
  db.transaction(() => {
    for (const s of list) deleteProgramSubscription(db, profileId, s.programId, s.logicalChannelId);
  });
  return subscriptionList(db, profileId, now);
}
