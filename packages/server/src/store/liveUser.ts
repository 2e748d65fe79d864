import type { Db } from './db.ts';
import { keptRead } from './versions.ts';

/**
 * SQL of the viewer's own live data: favourites, play history and programme subscriptions, per profile
 * (`profileId`, decision 0285); rows are written with the profile's account for the account's cascade.
 */

export function listFavorites(db: Db, profileId: string) {
  return db.all<{ logical_channel_id: string; update_time: number }>(
    `SELECT f.logical_channel_id, f.update_time FROM favorite_channels f
     JOIN channels c ON c.logical_channel_id = f.logical_channel_id
     WHERE f.profile_id = ? ORDER BY f.update_time, c.channel_seq`,
    profileId,
  );
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

export function putFavorite(db: Db, profileId: string, logicalChannelId: string, updateTime: number): void {
  db.run(
    `INSERT INTO favorite_channels (profile_id, account_id, logical_channel_id, update_time)
     SELECT profile_id, account_id, ?, ? FROM profiles WHERE profile_id = ?
     ON CONFLICT (profile_id, logical_channel_id) DO UPDATE SET update_time = excluded.update_time`,
    logicalChannelId,
    updateTime,
    profileId,
  );
}

export function deleteFavorite(db: Db, profileId: string, logicalChannelId: string): void {
  db.run(
    'DELETE FROM favorite_channels WHERE profile_id = ? AND logical_channel_id = ?',
    profileId,
    logicalChannelId,
  );
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

export function listHistory(db: Db, profileId: string, limit: number): HistoryRow[] {
  return db.all<HistoryRow>(
    `SELECT h.logical_channel_id, h.program_id, h.play_type, h.play_time, h.duration,
       c.logical_channel_name, c.icon_url
     FROM play_history h JOIN channels c ON c.logical_channel_id = h.logical_channel_id
     WHERE h.profile_id = ? ORDER BY h.play_time DESC, c.channel_seq LIMIT ?`,
    profileId,
    limit,
  );
}

/** Keeps the newest entry per channel: an older report never overwrites a newer one. */
export function putHistory(
  db: Db,
  profileId: string,
  h: { logicalChannelId: string; programId: string; playType: string; playTime: number; duration: number },
): void {
  db.run(
    `INSERT INTO play_history (profile_id, account_id, logical_channel_id, program_id, play_type, play_time, duration)
     SELECT profile_id, account_id, ?, ?, ?, ?, ? FROM profiles WHERE profile_id = ?
     ON CONFLICT (profile_id, logical_channel_id) DO UPDATE SET program_id = excluded.program_id,
       play_type = excluded.play_type, play_time = excluded.play_time, duration = excluded.duration
     WHERE excluded.play_time >= play_history.play_time`,
    h.logicalChannelId,
    h.programId,
    h.playType,
    h.playTime,
    h.duration,
    profileId,
  );
}

export function deleteHistory(db: Db, profileId: string, logicalChannelId: string): void {
  db.run(
    'DELETE FROM play_history WHERE profile_id = ? AND logical_channel_id = ?',
    profileId,
    logicalChannelId,
  );
}

/** Plays per channel since `since`, over every account (top channels). */
export function playCounts(db: Db, since: number): Map<string, number> {
  return new Map(
    db
      .all<{ logical_channel_id: string; n: number }>(
        'SELECT logical_channel_id, COUNT(*) AS n FROM play_history WHERE play_time >= ? GROUP BY logical_channel_id',
        since,
      )
      .map((r) => [r.logical_channel_id, r.n]),
  );
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

export function listProgramSubscriptions(db: Db, profileId: string): SubscriptionRow[] {
  return db.all<SubscriptionRow>(
    `SELECT s.program_id, s.logical_channel_id, p.start_ts, p.stop_ts, p.title, c.logical_channel_name, c.icon_url,
       p.rating, pr.max_rating
     FROM program_subscriptions s
     JOIN channels c ON c.logical_channel_id = s.logical_channel_id
     LEFT JOIN epg_programs p ON p.program_id = s.program_id
     LEFT JOIN profiles pr ON pr.profile_id = s.profile_id
     WHERE s.profile_id = ? ORDER BY p.start_ts, s.program_id`,
    profileId,
  );
}

export function putProgramSubscription(
  db: Db,
  profileId: string,
  programId: string,
  logicalChannelId: string,
  now: number,
): void {
  db.run(
    `INSERT INTO program_subscriptions (profile_id, account_id, program_id, logical_channel_id, created_at)
     SELECT profile_id, account_id, ?, ?, ? FROM profiles WHERE profile_id = ?
     ON CONFLICT (profile_id, program_id) DO NOTHING`,
    programId,
    logicalChannelId,
    now,
    profileId,
  );
}

export function deleteProgramSubscription(
  db: Db,
  profileId: string,
  programId: string,
  logicalChannelId: string,
) {
  db.run(
    'DELETE FROM program_subscriptions WHERE profile_id = ? AND program_id = ? AND logical_channel_id = ?',
    profileId,
    programId,
    logicalChannelId,
  );
}
