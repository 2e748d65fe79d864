import { describe, expect, it } from 'vitest';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import { changedAt, dataState, MAX_UPDATE_DELAY_MS } from './updates.ts';

describe('update check rules', () => {
  it('is modified only when the change is newer than the client timestamp, with a stable delay under 30 s', () => {
    expect(dataState('acc:a', 'authority', 100, 100)).toEqual({
      dataType: 'authority',
      updateStatus: 0,
      updateDelay: 0,
      timestamp: 100,
    });
    const modified = dataState('acc:a', 'authority', 99, 100);
    expect(modified.updateStatus).toBe(1);
    expect(modified.updateDelay).toBeGreaterThanOrEqual(0);
    expect(modified.updateDelay).toBeLessThan(MAX_UPDATE_DELAY_MS);
    expect(dataState('acc:a', 'authority', 99, 100)).toEqual(modified);
    const delays = new Set(
      ['a', 'b', 'c', 'd', 'e'].map((x) => dataState(`acc:${x}`, 'channel', 0, 100).updateDelay),
    );
    expect(delays.size).toBeGreaterThan(1);
  });

  it('moves the change time only when what the caller sees changes', async () => {
    const db = openDb(':memory:');
    migrate(db);
    expect(await changedAt(db, 'acc:a', 'favorite', ['lc-001'], 1000)).toBe(1000);
    expect(await changedAt(db, 'acc:a', 'favorite', ['lc-001'], 2000)).toBe(1000);
    expect(await changedAt(db, 'acc:b', 'favorite', ['lc-001'], 2500)).toBe(2500);
    expect(await changedAt(db, 'acc:a', 'favorite', ['lc-001', 'lc-002'], 3000)).toBe(3000);
    expect(await changedAt(db, 'acc:a', 'favorite', ['lc-001'], 4000)).toBe(4000);
    db.close();
  });
});
