import { ErrCode, type ProgramSubscription } from '@ottkit/api-client';
import { type AgeRating, ratingAllowed } from '@ottkit/api-client/contract';
import { ageRatingOf } from './ageRating.ts';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import {
  deleteProgramSubscriptions,
  listProgramSubscriptions,
  lockProfileStatement,
  putProgramSubscriptionsStatement,
} from '../store/liveUser.ts';
import { programStatus } from './programmes.ts';

const DAY_MS = 86_400_000;

/**
 * The user's programme subscriptions in start order (spec §3). Ones whose programme ended more than a day ago,
 * or vanished from the guide, are dropped: the reminder for them can never show again. A programme rated above
 * the profile's maximum keeps its times and channel but not its title (issue 20 §2).
 */
export async function subscriptionList(
  db: Db,
  profileId: string,
  now: number,
): Promise<ProgramSubscription[]> {
  const out: ProgramSubscription[] = [];
  const gone: Array<{ programId: string; logicalChannelId: string }> = [];
  for (const r of await listProgramSubscriptions(db, profileId)) {
    if (r.start_ts === null || r.stop_ts === null || r.stop_ts < now - DAY_MS) {
      gone.push({ programId: r.program_id, logicalChannelId: r.logical_channel_id });
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
  await deleteProgramSubscriptions(db, profileId, gone);
  return out;
}

/**
 * Subscribes to programmes. Each must be in the guide of the channel named with it and must not have started
 * (spec §4: notStart allows a reminder); otherwise nothing is stored and the error names the programme.
 */
export async function subscribe(
  db: Db,
  profileId: string,
  list: ReadonlyArray<{ logicalChannelId: string; programId: string }>,
  now: number,
): Promise<ProgramSubscription[]> {
  const [channels, programmes] = await Promise.all([
    db.kysely
      .selectFrom('channels')
      .select(['logical_channel_id', 'epg_id'])
      .where('logical_channel_id', 'in', ['', ...list.map((s) => s.logicalChannelId)])
      .execute(),
    db.kysely
      .selectFrom('epg_programs')
      .select(['program_id', 'epg_id', 'start_ts', 'stop_ts'])
      .where('program_id', 'in', ['', ...list.map((s) => s.programId)])
      .execute(),
  ]);
  const epgOf = new Map(channels.map((c) => [c.logical_channel_id, c.epg_id]));
  const programme = new Map(programmes.map((p) => [p.program_id, p]));
  for (const s of list) {
    const epgId = epgOf.get(s.logicalChannelId);
    if (epgId === undefined)
      throw new DomainError(ErrCode.CHANNEL_NOT_FOUND, `No channel ${s.logicalChannelId}`);
    const p = programme.get(s.programId);
    if (!p || p.epg_id !== epgId) {
      throw new DomainError(
        ErrCode.PROGRAM_NOT_FOUND,
        `No programme ${s.programId} on ${s.logicalChannelId}`,
      );
    }
    if (programStatus({ start: p.start_ts, stop: p.stop_ts }, now) !== 'notStart') {
      throw new DomainError(ErrCode.PROGRAM_NOT_SUBSCRIBABLE, `Programme ${s.programId} has already started`);
    }
  }
  if (list.length > 0) {
    await transactionally(db, function* () {
      const profile = (yield* query(lockProfileStatement(db, profileId))).rows[0];
      if (profile)
        yield* query(putProgramSubscriptionsStatement(db, profile.account_id, profileId, list, now));
    });
  }
  return subscriptionList(db, profileId, now);
}

export async function unsubscribe(
  db: Db,
  profileId: string,
  list: ReadonlyArray<{ logicalChannelId: string; programId: string }>,
  now: number,
): Promise<ProgramSubscription[]> {
  await deleteProgramSubscriptions(db, profileId, list);
  return subscriptionList(db, profileId, now);
}
