import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EPG_SYNC_FIRST_DELAY_MS, EPG_SYNC_INTERVAL_MS, EPG_SYNC_RETRY_MS, startEpgSync } from './epgSync.ts';
import {
  LIVE_USAGE_KEY,
  LIVE_USAGE_SAVE_INTERVAL_MS,
  type LiveUsage,
  startLiveUsageCache,
} from './liveUsageCache.ts';
import {
  createUpdateCheck,
  type DataState,
  UPDATE_CHECK_INTERVAL_MS,
  startUpdateCheck,
} from './updateCheck.ts';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 5, 1) }));
afterEach(() => vi.useRealTimers());

describe('spec §9 intervals', () => {
  it('are the spec values', () => {
    expect(EPG_SYNC_RETRY_MS).toBe(5_000);
    expect(EPG_SYNC_INTERVAL_MS).toBe(300_000);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(600_000);
    expect(LIVE_USAGE_SAVE_INTERVAL_MS).toBe(300_000);
  });
});

describe('EPG sync job', () => {
  it('runs after the first view, retries 5 s after a failure, then repeats every 5 minutes', async () => {
    const sync = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ fetched: 0, unchanged: 0, purged: 0 });
    const stop = startEpgSync(sync);
    await vi.advanceTimersByTimeAsync(EPG_SYNC_FIRST_DELAY_MS - 1);
    expect(sync).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EPG_SYNC_RETRY_MS - 1);
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(EPG_SYNC_INTERVAL_MS - 1);
    expect(sync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(EPG_SYNC_INTERVAL_MS * 3);
    expect(sync).toHaveBeenCalledTimes(3);
  });
});

describe('update check', () => {
  const state = (
    dataType: DataState['dataType'],
    updateStatus: 0 | 1,
    updateDelay: number,
    timestamp: number,
  ) => ({ dataType, updateStatus, updateDelay, timestamp }) satisfies DataState;

  it('refreshes a modified kind after the delay the server gives, sending its timestamps back', async () => {
    const authority = vi.fn().mockResolvedValue(undefined);
    const favorite = vi.fn().mockResolvedValue(undefined);
    const call = vi
      .fn()
      .mockResolvedValueOnce([state('authority', 0, 0, 10), state('favorite', 0, 0, 11)])
      .mockResolvedValueOnce([state('authority', 1, 3_000, 20), state('favorite', 0, 0, 11)]);
    const job = createUpdateCheck(call, { authority, favorite });
    await job.check();
    expect(call).toHaveBeenLastCalledWith([
      { dataType: 'authority', timestamp: 0 },
      { dataType: 'favorite', timestamp: 0 },
    ]);
    await job.check();
    expect(call).toHaveBeenLastCalledWith([
      { dataType: 'authority', timestamp: 10 },
      { dataType: 'favorite', timestamp: 11 },
    ]);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(authority).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(authority).toHaveBeenCalledTimes(1);
    expect(favorite).not.toHaveBeenCalled();
  });

  it('treats the first answer as the baseline', async () => {
    const authority = vi.fn().mockResolvedValue(undefined);
    const job = createUpdateCheck(vi.fn().mockResolvedValue([state('authority', 1, 0, 5)]), { authority });
    await job.check();
    await vi.advanceTimersByTimeAsync(10);
    expect(authority).not.toHaveBeenCalled();
  });

  it('checks every 10 minutes', async () => {
    const call = vi.fn().mockResolvedValue([]);
    const stop = startUpdateCheck(call, { authority: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(call).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('live usage cache', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      m,
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
  };
  const usage: LiveUsage = { logicalChannelId: 'lc-1', programId: 'p', since: 1, duration: 2 };

  it('saves the current usage every 5 minutes', async () => {
    const storage = memory();
    const stop = startLiveUsageCache({ storage, current: () => usage, report: vi.fn() });
    await vi.advanceTimersByTimeAsync(LIVE_USAGE_SAVE_INTERVAL_MS - 1);
    expect(storage.m.has(LIVE_USAGE_KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(JSON.parse(storage.m.get(LIVE_USAGE_KEY) ?? 'null')).toEqual(usage);
    stop();
  });

  it('reports and clears a usage an earlier visit left behind', () => {
    const storage = memory();
    storage.setItem(LIVE_USAGE_KEY, JSON.stringify(usage));
    const report = vi.fn().mockResolvedValue(undefined);
    const stop = startLiveUsageCache({ storage, current: () => null, report });
    expect(report).toHaveBeenCalledWith(usage);
    expect(storage.m.has(LIVE_USAGE_KEY)).toBe(false);
    stop();
  });
});
