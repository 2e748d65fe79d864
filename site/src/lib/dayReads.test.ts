import { describe, expect, it, vi } from 'vitest';
import { createDayReads } from './dayReads.ts';

describe('createDayReads', () => {
  it('shares one read per day while it is in flight and keeps its result', async () => {
    const read = vi.fn(async (epgId: string, date: string) => `${epgId}@${date}`);
    const reads = createDayReads(read);
    const [a, b] = [reads.get('e1', 'd1'), reads.get('e1', 'd1')];
    expect(reads.peek('e1', 'd1')).toBeUndefined();
    expect(await a).toBe('e1@d1');
    expect(await b).toBe('e1@d1');
    expect(reads.peek('e1', 'd1')).toBe('e1@d1');
    await reads.get('e1', 'd1');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed read, so the next asks again', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('day');
    const reads = createDayReads<string>(read);
    await expect(reads.get('e1', 'd1')).rejects.toThrow('offline');
    expect(reads.peek('e1', 'd1')).toBeUndefined();
    expect(await reads.get('e1', 'd1')).toBe('day');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads again after clear (the store was written)', async () => {
    let version = 1;
    const reads = createDayReads(async () => version);
    expect(await reads.get('e1', 'd1')).toBe(1);
    version = 2;
    reads.clear();
    expect(reads.peek('e1', 'd1')).toBeUndefined();
    expect(await reads.get('e1', 'd1')).toBe(2);
  });

  it('keeps at most `max` days, dropping the oldest', async () => {
    const read = vi.fn(async (epgId: string) => epgId);
    const reads = createDayReads(read, 2);
    await reads.get('a', 'd');
    await reads.get('b', 'd');
    await reads.get('c', 'd');
    expect(reads.peek('a', 'd')).toBeUndefined();
    expect(reads.peek('b', 'd')).toBe('b');
    expect(reads.peek('c', 'd')).toBe('c');
  });

  it('once: answers a kept or in-flight read, and keeps no read of its own', async () => {
    const read = vi.fn(async (epgId: string) => epgId);
    const reads = createDayReads(read, 2);
    await reads.get('a', 'd');
    expect(await reads.once('a', 'd')).toBe('a');
    expect(read).toHaveBeenCalledTimes(1);
    const inFlight = reads.get('b', 'd');
    expect(await reads.once('b', 'd')).toBe('b');
    await inFlight;
    expect(read).toHaveBeenCalledTimes(2);
    expect(await reads.once('c', 'd')).toBe('c');
    expect(read).toHaveBeenCalledTimes(3);
    // Not kept, and the kept days stay.
    expect(reads.peek('c', 'd')).toBeUndefined();
    expect(reads.peek('a', 'd')).toBe('a');
    expect(reads.peek('b', 'd')).toBe('b');
  });
});
