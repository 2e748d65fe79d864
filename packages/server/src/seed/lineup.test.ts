import { describe, expect, it } from 'vitest';
import { openDb } from '../store/db.ts';
import { listChannels } from '../store/channels.ts';
import { migrate } from '../store/migrations.ts';
import { syntheticLineup } from './channels.ts';
import { seedBenchLineup, seedLineup } from './lineup.ts';

const NOW = Date.UTC(2026, 5, 1, 12);

describe('the bench line-up', () => {
  it('is deterministic and spread over columns, rights, audio and catch-up windows', () => {
    const a = syntheticLineup(30);
    expect(syntheticLineup(30)).toEqual(a);
    expect(new Set(a.flatMap((c) => c.columnIds)).size).toBe(6);
    expect(new Set(a.map((c) => c.productId))).toEqual(new Set(['free', 'live-basic', 'live-sports']));
    expect(a.filter((c) => c.channelType === 5).every((c) => c.liveStreamId === 'audio1')).toBe(true);
    expect(new Set(a.map((c) => c.logicalChannelId)).size).toBe(30);
  });

  it('replaces the line-up and stores the whole guide window of every channel', () => {
    const db = openDb(':memory:');
    migrate(db);
    seedLineup(db);
    const r = seedBenchLineup(db, 12, NOW);
    expect(r.channels).toBe(12);
    expect(listChannels(db).map((c) => c.logicalChannelId)[0]).toBe('bc-001');
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM epg_days')?.n).toBe(12 * 11);
    expect(r.programs).toBeGreaterThan(12 * 11 * 8);
    db.close();
  });
});
