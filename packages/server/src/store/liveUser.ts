import type { Db } from './db.ts';

/** SQL of the user's own live data: favourites, play history and programme subscriptions. */

export function listFavorites(db: Db, accountId: string) {
  return db.all<{ logical_channel_id: string; update_time: number }>(
    `SELECT f.logical_channel_id, f.update_time FROM favorite_channels f
     JOIN channels c ON c.logical_channel_id = f.logical_channel_id
     WHERE f.account_id = ? ORDER BY f.update_time, c.channel_seq`,
    accountId,
  );
}

export function putFavorite(db: Db, accountId: string, logicalChannelId: string, updateTime: number): void {
  db.run(
    `INSERT INTO favorite_channels (account_id, logical_channel_id, update_time) VALUES (?, ?, ?)
     ON CONFLICT (account_id, logical_channel_id) DO UPDATE SET update_time = excluded.update_time`,
    accountId,
    logicalChannelId,
    updateTime,
  );
}

export function deleteFavorite(db: Db, accountId: string, logicalChannelId: string): void {
  db.run(
    'DELETE FROM favorite_channels WHERE account_id = ? AND logical_channel_id = ?',
    accountId,
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

export function listHistory(db: Db, accountId: string, limit: number): HistoryRow[] {
  return db.all<HistoryRow>(
    `SELECT h.logical_channel_id, h.program_id, h.play_type, h.play_time, h.duration,
       c.logical_channel_name, c.icon_url
     FROM play_history h JOIN channels c ON c.logical_channel_id = h.logical_channel_id
     WHERE h.account_id = ? ORDER BY h.play_time DESC, c.channel_seq LIMIT ?`,
    accountId,
    limit,
  );
}

/** Keeps the newest entry per channel: an older report never overwrites a newer one. */
export function putHistory(
  db: Db,
  accountId: string,
  h: { logicalChannelId: string; programId: string; playType: string; playTime: number; duration: number },
): void {
  db.run(
    `INSERT INTO play_history (account_id, logical_channel_id, program_id, play_type, play_time, duration)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, logical_channel_id) DO UPDATE SET program_id = excluded.program_id,
       play_type = excluded.play_type, play_time = excluded.play_time, duration = excluded.duration
     WHERE excluded.play_time >= play_history.play_time`,
    accountId,
    h.logicalChannelId,
    h.programId,
    h.playType,
    h.playTime,
    h.duration,
  );
}

export function deleteHistory(db: Db, accountId: string, logicalChannelId: string): void {
  db.run(
    'DELETE FROM play_history WHERE account_id = ? AND logical_channel_id = ?',
    accountId,
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
}

export function listProgramSubscriptions(db: Db, accountId: string): SubscriptionRow[] {
  return db.all<SubscriptionRow>(
    `SELECT s.program_id, s.logical_channel_id, p.start_ts, p.stop_ts, p.title, c.logical_channel_name, c.icon_url
     FROM program_subscriptions s
     JOIN channels c ON c.logical_channel_id = s.logical_channel_id
     LEFT JOIN epg_programs p ON p.program_id = s.program_id
     WHERE s.account_id = ? ORDER BY p.start_ts, s.program_id`,
    accountId,
  );
}

export function putProgramSubscription(
  db: Db,
  accountId: string,
  programId: string,
  logicalChannelId: string,
  now: number,
): void {
  db.run(
    `INSERT INTO program_subscriptions (account_id, program_id, logical_channel_id, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, program_id) DO NOTHING`,
    accountId,
    programId,
    logicalChannelId,
    now,
  );
}

export function deleteProgramSubscription(
  db: Db,
  accountId: string,
  programId: string,
  logicalChannelId: string,
) {
  db.run(
    'DELETE FROM program_subscriptions WHERE account_id = ? AND program_id = ? AND logical_channel_id = ?',
    accountId,
    programId,
    logicalChannelId,
  );
}
