import type { Channel } from '@ottkit/api-client/contract';
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

/** One channel's access rules, in order. */
export function contentRules(db: Db, logicalChannelId: string): Channel['contentRuleList'] {
  return db
    .all<{ rule_category: string; action: string; rule_type: string; rule_value: string }>(
      `SELECT rule_category, action, rule_type, rule_value FROM channel_content_rules
       WHERE logical_channel_id = ? ORDER BY seq`,
      logicalChannelId,
    )
    .map((r) => ({
      ruleCategory: r.rule_category as 'basic' | 'except',
      action: r.action as 'allow' | 'deny',
      ruleType: r.rule_type as 'ip' | 'mac' | 'region' | 'account',
      ruleValue: r.rule_value,
    }));
}

/** `broadcastTimes`, kept per version of the line-up (migration 499 moves it with the broadcasts). */
export const keptBroadcastTimes = keptPerLineupVersion(broadcastTimes, async (db) => {
  const rows = await db.kysely
    .selectFrom('channel_broadcasts')
    .select(['logical_channel_id', 'opens_at'])
    .execute();
  return new Map(rows.map((r) => [r.logical_channel_id, Number(r.opens_at)]));
});
