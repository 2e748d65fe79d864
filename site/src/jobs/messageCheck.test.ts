import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_CHECK_DEFAULT_MS, messageCheckInterval, startMessageCheck } from './messageCheck.ts';

describe('message check job', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('uses msg_chk_int, 600000 ms by default', () => {
    expect(MESSAGE_CHECK_DEFAULT_MS).toBe(600_000);
    expect(messageCheckInterval(undefined)).toBe(600_000);
    expect(messageCheckInterval(0)).toBe(600_000);
    expect(messageCheckInterval(120_000)).toBe(120_000);
  });
  it('checks now and then every interval until stopped', async () => {
    const check = vi.fn(async () => {});
    const stop = startMessageCheck(60_000, check);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
