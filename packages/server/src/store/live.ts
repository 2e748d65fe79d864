import { keptPerLineupVersion } from './channels.ts';
import type { Db } from './db.ts';

/** Small store helpers of the Live API that do not deserve a module each. */

/** Every broadcast channel's opening time, by logicalChannelId. */
export function broadcastTimes(db: Db): Map<string, number> {
  return new Map(
    db
      .all<{ logical_channel_id: string; opens_at: number }>(
        'SELECT logical_channel_id, opens_at FROM channel_broadcasts',
      )
      .map((r) => [r.logical_channel_id, r.opens_at]),
  );
}

export function setBroadcast(db: Db, logicalChannelId: string, opensAt: number): void {
  db.run(
    `INSERT INTO channel_broadcasts (logical_channel_id, opens_at) VALUES (?, ?)
     ON CONFLICT (logical_channel_id) DO UPDATE SET opens_at = excluded.opens_at`,
    logicalChannelId,
    opensAt,
  );
}

/** `broadcastTimes`, kept per version of the line-up (migration 499 moves it with the broadcasts). */
export const keptBroadcastTimes = keptPerLineupVersion(broadcastTimes, async (db) => {
  const rows = await db.kysely
    .selectFrom('channel_broadcasts')
    .select(['logical_channel_id', 'opens_at'])
    .execute();
  return new Map(rows.map((r) => [r.logical_channel_id, Number(r.opens_at)]));
});
