import type { CompiledQuery } from 'kysely';
import type { Db } from './db.ts';
import { keptRead } from './versions.ts';

/**
 * SQL of the viewer's own live data: favourites, play history and programme subscriptions, per profile
 * (`profileId`, decision 0285); rows are written with the profile's account for the account's cascade.
 */

export function listFavorites(db: Db, profileId: string) {
  return db.kysely
    .selectFrom('favorite_channels as f')
    .innerJoin('channels as c', 'c.logical_channel_id', 'f.logical_channel_id')
    .select(['f.logical_channel_id', 'f.update_time'])
    .where('f.profile_id', '=', profileId)
    .orderBy('f.update_time')
    .orderBy('c.channel_seq')
    .execute();
}

/** Which of `ids` are channels of the line-up. */
export async function existingChannels(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom('channels')
    .select('logical_channel_id')
    .where('logical_channel_id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.logical_channel_id));
}

/**
 * The profile's row and its account, as a statement that also locks it on PostgreSQL: a profile's changes to its
 * own lists take turns, on any process (a count checked after a write stays true). None for an unknown profile.
 */
export function lockProfileStatement(db: Db, profileId: string): CompiledQuery<{ account_id: string }> {
  const read = db.kysely.selectFrom('profiles').select('account_id').where('profile_id', '=', profileId);
  return (db.engine === 'postgres' ? read.forNoKeyUpdate() : read).compile();
}

/**
 * The ids of a profile's favourite channels, on the asynchronous store (every channel list call, decision 0410),
 * kept by each process while no profile's favourites changed (decision 0419).
 */
export const favoriteChannelIds: (db: Db, profileId: string) => Promise<readonly string[]> = keptRead(
  'favourites',
  50_000,
  async (db: Db, profileId: string) =>
    (
      await db.kysely
        .selectFrom('favorite_channels')
        .select('logical_channel_id')
        .where('profile_id', '=', profileId)
        .execute()
    ).map((r) => r.logical_channel_id),
);

/** A favourite of the profile (with its account, for the account's cascade), as a statement. */
export function putFavoriteStatement(
  db: Db,
  accountId: string,
  profileId: string,
  logicalChannelId: string,
  updateTime: number,
): CompiledQuery {
  return db.kysely
    .insertInto('favorite_channels')
    .values({
      profile_id: profileId,
      account_id: accountId,
      logical_channel_id: logicalChannelId,
      update_time: updateTime,
    })
    .onConflict((c) =>
      c
        .columns(['profile_id', 'logical_channel_id'])
        .doUpdateSet((eb) => ({ update_time: eb.ref('excluded.update_time') })),
    )
    .compile();
}

/** Removes the profile's rows for channels `ids` from its favourites or its plays (`ids` not empty). */
export function deleteProfileChannels(
  db: Db,
  table: 'favorite_channels' | 'play_history',
  profileId: string,
  ids: readonly string[],
): Promise<unknown> {
  return db.kysely
    .deleteFrom(table)
    .where('profile_id', '=', profileId)
    .where('logical_channel_id', 'in', [...ids])
    .execute();
}

export interface HistoryRow {
  logical_channel_id: string;
  program_id: string;
  play_type: 'live' | 'catchup';
  play_time: number;
  duration: number;
  logical_channel_name: string;
  icon_url: string;
}

export function listHistory(db: Db, profileId: string, limit: number): Promise<HistoryRow[]> {
  return db.kysely
    .selectFrom('play_history as h')
    .innerJoin('channels as c', 'c.logical_channel_id', 'h.logical_channel_id')
    .select([
      'h.logical_channel_id',
      'h.program_id',
      'h.play_type',
      'h.play_time',
      'h.duration',
      'c.logical_channel_name',
      'c.icon_url',
    ])
    .where('h.profile_id', '=', profileId)
    .orderBy('h.play_time', 'desc')
    .orderBy('c.channel_seq')
    .limit(limit)
    .execute();
}

/**
 * Plays of the profile (with its account), one statement for all: keeps the newest entry per channel, an older
 * report never overwrites a newer one.
 */
export function putHistoryStatement(
  db: Db,
  accountId: string,
  profileId: string,
  list: ReadonlyArray<{
    logicalChannelId: string;
    programId: string;
    playType: 'live' | 'catchup';
    playTime: number;
    duration: number;
  }>,
): CompiledQuery {
  return db.kysely
    .insertInto('play_history')
    .values(
      list.map((h) => ({
        profile_id: profileId,
        account_id: accountId,
        logical_channel_id: h.logicalChannelId,
        program_id: h.programId,
        play_type: h.playType,
        play_time: h.playTime,
        duration: h.duration,
      })),
    )
    .onConflict((c) =>
      c
        .columns(['profile_id', 'logical_channel_id'])
        .doUpdateSet((eb) => ({
          program_id: eb.ref('excluded.program_id'),
          play_type: eb.ref('excluded.play_type'),
          play_time: eb.ref('excluded.play_time'),
          duration: eb.ref('excluded.duration'),
        }))
        .whereRef('excluded.play_time', '>=', 'play_history.play_time'),
    )
    .compile();
}

/** Plays per channel since `since`, over every account (top channels). */
export async function playCounts(db: Db, since: number): Promise<Map<string, number>> {
  const rows = await db.kysely
    .selectFrom('play_history')
    .select((eb) => ['logical_channel_id', eb.fn.countAll().as('n')])
    .where('play_time', '>=', since)
    .groupBy('logical_channel_id')
    .execute();
  // PostgreSQL's COUNT is a bigint, which `pg` answers as text.
  return new Map(rows.map((r) => [r.logical_channel_id, Number(r.n)]));
}

export interface SubscriptionRow {
  program_id: string;
  logical_channel_id: string;
  start_ts: number | null;
  stop_ts: number | null;
  title: string | null;
  logical_channel_name: string;
  icon_url: string;
  /** The programme's guide rating as stored (XMLTV value, '' when none) and the profile's maximum (issue 20 §2). */
  rating: string | null;
  max_rating: string | null;
}

export function listProgramSubscriptions(db: Db, profileId: string): Promise<SubscriptionRow[]> {
  return db.kysely
    .selectFrom('program_subscriptions as s')
    .innerJoin('channels as c', 'c.logical_channel_id', 's.logical_channel_id')
    .leftJoin('epg_programs as p', 'p.program_id', 's.program_id')
    .leftJoin('profiles as pr', 'pr.profile_id', 's.profile_id')
    .select([
      's.program_id',
      's.logical_channel_id',
      'p.start_ts',
      'p.stop_ts',
      'p.title',
      'c.logical_channel_name',
      'c.icon_url',
      'p.rating',
      'pr.max_rating',
    ])
    .where('s.profile_id', '=', profileId)
    .orderBy('p.start_ts')
    .orderBy('s.program_id')
    .execute();
}

/** The profile's programme subscriptions (with its account), one statement for all; one already there stays. */
export function putProgramSubscriptionsStatement(
  db: Db,
  accountId: string,
  profileId: string,
  list: ReadonlyArray<{ programId: string; logicalChannelId: string }>,
  now: number,
): CompiledQuery {
  return db.kysely
    .insertInto('program_subscriptions')
    .values(
      list.map((s) => ({
        profile_id: profileId,
        account_id: accountId,
        program_id: s.programId,
        logical_channel_id: s.logicalChannelId,
        created_at: now,
      })),
    )
    .onConflict((c) => c.columns(['profile_id', 'program_id']).doNothing())
    .compile();
}

/** Removes programme subscriptions of the profile, each by its programme and channel. */
export async function deleteProgramSubscriptions(
  db: Db,
  profileId: string,
  list: ReadonlyArray<{ programId: string; logicalChannelId: string }>,
): Promise<void> {
  if (list.length === 0) return;
  await db.kysely
    .deleteFrom('program_subscriptions')
    .where('profile_id', '=', profileId)
    .where((eb) =>
      eb.or(
        list.map((s) =>
          eb.and([eb('program_id', '=', s.programId), eb('logical_channel_id', '=', s.logicalChannelId)]),
        ),
      ),
    )
    .execute();
}
