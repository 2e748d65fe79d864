import { describe, expect, it } from 'vitest';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import { insertSource, recordRefresh } from '../store/sources.ts';
import { dueSources } from './schedule.ts';

describe('dueSources', () => {
  it('is every imported source whose interval has passed since its last refresh, failed ones included', async () => {
    const db = openDb(':memory:');
    migrate(db);
    const add = (name: string, minutes: number) =>
      insertSource(
        db,
        {
          name,
          kind: 'xmltv',
          location: '/g.xml',
          xtreamUser: '',
          xtreamPassword: '',
          guideLocation: '',
          refreshMinutes: minutes,
          productId: 'free',
        },
        0,
      );
    const T = 10 * 3_600_000;
    await add('never-imported', 60);
    const hourly = await add('hourly', 60);
    const daily = await add('daily', 1440);
    const broken = await add('broken', 60);
    recordRefresh(db, hourly.sourceId, { ok: true, counts: {} }, T - 60 * 60_000, 1);
    recordRefresh(db, daily.sourceId, { ok: true, counts: {} }, T - 60 * 60_000, 1);
    recordRefresh(db, broken.sourceId, { ok: false, error: 'HTTP 500' }, T - 61 * 60_000, 1);
    expect((await dueSources(db, T)).map((s) => s.name)).toEqual(['hourly', 'broken']);
    expect((await dueSources(db, T - 1)).map((s) => s.name)).toEqual(['broken']);
  });
});
