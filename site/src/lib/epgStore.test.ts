import type { Epg } from '@ottkit/api-client';
import { describe, expect, it, vi } from 'vitest';
import { addDays, BLOB_MAX_AGE_MS, guideDays, utcDay } from './epgStore.ts';
import { createMemoryEpgStore } from './epgStoreMemory.ts';
import { EPG_FETCH_CONCURRENCY, type GuideSource, syncGuide } from './epgStoreSync.ts';

const TODAY = '2026-06-10';
const day = (epgId: string, date: string, checksum: string): Epg => ({
  epgId,
  date,
  checksum,
  isCatchup: true,
  programs: [
    {
      programId: `${epgId}-${date}`,
      start: Date.parse(`${date}T00:00:00Z`),
      stop: Date.parse(`${date}T01:00:00Z`),
      title: 't',
      content: '',
      isCatchup: true,
      multilingualList: [],
    },
  ],
});

/** A fake server holding checksums per epgId/day; `days` answers what it holds. */
function fakeSource(sums: Record<string, string>): GuideSource & { fetchedDays: string[] } {
  const fetchedDays: string[] = [];
  return {
    fetchedDays,
    async checksums() {
      return {
        checksumList: Object.entries(sums).map(([k, checksum]) => {
          const [epgId = '', date = ''] = k.split('|');
          return { epgId, date, checksum };
        }),
      };
    },
    async days({ date, epgIdList }) {
      fetchedDays.push(...epgIdList.map((id) => `${id}|${date}`));
      return { epgList: epgIdList.map((id) => day(id, date, sums[`${id}|${date}`] ?? '')) };
    },
  };
}

describe('guide days', () => {
  it('offers 7 days back and 3 ahead', () => {
    const days = guideDays(TODAY);
    expect(days).toHaveLength(11);
    expect(days[0]).toBe('2026-06-03');
    expect(days[10]).toBe('2026-06-13');
  });
  it('works in UTC days across month ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(utcDay(Date.UTC(2026, 0, 1, 23, 59))).toBe('2026-01-01');
  });
});

describe('syncGuide (sync by checksum)', () => {
  const relations = { 'lc-1': 'e1', 'lc-2': 'e2' };

  it('fetches every day the store lacks and keeps the channel-to-epg relations', async () => {
    const store = createMemoryEpgStore();
    const source = fakeSource({ 'e1|2026-06-10': 'a', 'e2|2026-06-10': 'b', 'e1|2026-06-11': 'c' });
    const result = await syncGuide({ store, source, relations, today: TODAY });
    expect(result).toMatchObject({ fetched: 3, unchanged: 0 });
    expect((await store.day('e1', '2026-06-11'))?.checksum).toBe('c');
    expect(await store.relations()).toEqual(relations);
  });

  it('fetches only the days whose checksum changed', async () => {
    const store = createMemoryEpgStore();
    const sums = { 'e1|2026-06-10': 'a', 'e2|2026-06-10': 'b' };
    await syncGuide({ store, source: fakeSource(sums), relations, today: TODAY });
    const source = fakeSource({ ...sums, 'e2|2026-06-10': 'b2' });
    const result = await syncGuide({ store, source, relations, today: TODAY });
    expect(source.fetchedDays).toEqual(['e2|2026-06-10']);
    expect(result).toMatchObject({ fetched: 1, unchanged: 1 });
    expect((await store.day('e2', '2026-06-10'))?.checksum).toBe('b2');
  });

  it('purges days older than 7 days and keeps the 7th', async () => {
    const store = createMemoryEpgStore();
    await store.putDays([day('e1', '2026-06-02', 'x'), day('e1', '2026-06-03', 'y')]);
    const result = await syncGuide({ store, source: fakeSource({}), relations, today: TODAY });
    expect(result.purged).toBe(1);
    expect(await store.day('e1', '2026-06-02')).toBeUndefined();
    expect(await store.day('e1', '2026-06-03')).toBeDefined();
  });

  it("fetches today's days first, with at most EPG_FETCH_CONCURRENCY day calls in flight", async () => {
    const store = createMemoryEpgStore();
    const sums = {
      'e1|2026-06-08': 'p',
      'e1|2026-06-09': 'q',
      'e1|2026-06-10': 'r',
      'e1|2026-06-11': 's',
      'e1|2026-06-12': 't',
    };
    const source = fakeSource(sums);
    const answer = source.days.bind(source);
    let inFlight = 0;
    let most = 0;
    source.days = async (req) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 0));
      inFlight--;
      return answer(req);
    };
    const result = await syncGuide({ store, source, relations, today: TODAY });
    expect(result.fetched).toBe(5);
    expect(source.fetchedDays[0]).toBe(`e1|${TODAY}`);
    expect(most).toBe(EPG_FETCH_CONCURRENCY);
  });

  it('keeps the days stored before a failed call, and the next sync fetches only the rest', async () => {
    const store = createMemoryEpgStore();
    const sums = { 'e1|2026-06-10': 'a', 'e1|2026-06-11': 'b', 'e1|2026-06-12': 'c' };
    const failing = fakeSource(sums);
    const answer = failing.days.bind(failing);
    failing.days = (req) => (req.date === '2026-06-12' ? Promise.reject(new Error('offline')) : answer(req));
    await expect(syncGuide({ store, source: failing, relations, today: TODAY })).rejects.toThrow('offline');
    expect((await store.day('e1', TODAY))?.checksum).toBe('a');
    expect(await store.day('e1', '2026-06-12')).toBeUndefined();
    const source = fakeSource(sums);
    const result = await syncGuide({ store, source, relations, today: TODAY });
    expect(source.fetchedDays).toEqual(['e1|2026-06-12']);
    expect(result).toMatchObject({ fetched: 1, unchanged: 2 });
  });

  it('leaves the store as it was when the network fails', async () => {
    const store = createMemoryEpgStore();
    await store.putDays([day('e1', TODAY, 'a')]);
    const source = fakeSource({});
    source.checksums = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(syncGuide({ store, source, relations, today: TODAY })).rejects.toThrow('offline');
    expect(await store.day('e1', TODAY)).toBeDefined();
  });
});

describe('blob cache', () => {
  it('expires after 10 minutes', async () => {
    const store = createMemoryEpgStore();
    const blob = new Blob(['logo']);
    await store.putBlob('/logo.svg', blob, 0);
    expect(await store.blob('/logo.svg', BLOB_MAX_AGE_MS - 1)).toBe(blob);
    expect(await store.blob('/logo.svg', BLOB_MAX_AGE_MS)).toBeUndefined();
  });
});
