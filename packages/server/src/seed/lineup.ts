import { ensureGuide } from '../domain/epg.ts';
import { insertChannel, insertColumn } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { setBroadcast } from '../store/live.ts';
import {
  BROADCAST_CHANNEL_ID,
  BROADCAST_OPENS_AT,
  seedChannels,
  seedColumns,
  seedHomeRecommends,
  syntheticLineup,
} from './channels.ts';

/** The sample line-up: columns, channels, the broadcast channel's opening time and the home row. */
export function seedLineup(db: Db): void {
  db.transaction(() => {
    for (const c of seedColumns) insertColumn(db, c);
    for (const c of seedChannels) insertChannel(db, c);
    setBroadcast(db, BROADCAST_CHANNEL_ID, BROADCAST_OPENS_AT);
    seedHomeRecommends.forEach((id, i) => {
      db.run('INSERT INTO home_recommends (seq, logical_channel_id) VALUES (?, ?)', i + 1, id);
    });
  });
}

/**
 * Replaces the line-up with `count` synthetic channels and stores their whole guide window (7 days back,
 * 3 ahead) at once, for benchmarks of large line-ups. Accounts and settings are kept.
 */
export function seedBenchLineup(db: Db, count: number, now: number): { channels: number; programs: number } {
  db.transaction(() => {
    db.run('DELETE FROM channels');
    db.run('DELETE FROM epg_days');
    db.run('DELETE FROM channel_columns');
    for (const c of seedColumns) insertColumn(db, c);
    for (const c of syntheticLineup(count)) insertChannel(db, c);
  });
  ensureGuide(db, undefined, now);
  const programs = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM epg_programs')?.n ?? 0;
  return { channels: count, programs };
}
