import type { Epg, EpgProgram } from '@ottkit/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserApi } from '../lib/api.ts';
import { createMemoryEpgStore } from '../lib/epgStoreMemory.ts';
import {
  $guide,
  $todayPrograms,
  loadGuide,
  loadTodayPrograms,
  nowAndNext,
  primeGuide,
  programmeAfter,
  programmeStatus,
  useGuideStore,
} from './epg.ts';
import { programme } from '../lib/epgFixtures.test-helpers.ts';

const H = 3_600_000;
const byStart = (programs: readonly EpgProgram[]) => [...programs].sort((a, b) => a.start - b.start);
const T = Date.UTC(2026, 5, 10, 12);
const prog = programme;
const day: Epg = {
  epgId: 'e1',
  date: '2026-06-10',
  checksum: 'a',
  isCatchup: true,
  programs: [prog('b', T, T + H), prog('a', T - H, T), prog('c', T + H, T + 2 * H)],
};

describe('programme status (spec §3)', () => {
  it('is notStart before the start, playing until the stop, finished from the stop', () => {
    expect(programmeStatus({ start: T, stop: T + H }, T - 1)).toBe('notStart');
    expect(programmeStatus({ start: T, stop: T + H }, T)).toBe('playing');
    expect(programmeStatus({ start: T, stop: T + H }, T + H - 1)).toBe('playing');
    expect(programmeStatus({ start: T, stop: T + H }, T + H)).toBe('finished');
  });
});

describe('now and next', () => {
  it('finds the programme on air and the one after it', () => {
    const { now, next } = nowAndNext(day.programs, T + 10);
    expect(now?.programId).toBe('b');
    expect(next?.programId).toBe('c');
  });
  it('gives the next one in a gap', () => {
    expect(nowAndNext([prog('x', T + H, T + 2 * H)], T)).toMatchObject({
      now: null,
      next: { programId: 'x' },
    });
  });
  it('finds the programme after one (catch-up auto-next)', () => {
    expect(programmeAfter(day.programs, 'a')?.programId).toBe('b');
    expect(programmeAfter(day.programs, 'c')).toBeNull();
  });
});

describe('loadGuide', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a stored day without asking the network', async () => {
    const store = createMemoryEpgStore();
    await store.putDays([day]);
    useGuideStore(store);
    const net = vi.spyOn(browserApi.live, 'epgQueryV2');
    await loadGuide('e1', '2026-06-10');
    expect(net).not.toHaveBeenCalled();
    expect($guide.get()).toMatchObject({ state: 'ready', programs: byStart(day.programs) });
  });

  it('shows a day already read at once, without a loading state in between', async () => {
    const store = createMemoryEpgStore();
    await store.putDays([day]);
    useGuideStore(store);
    await loadGuide('e1', '2026-06-10');
    const seen: string[] = [];
    const unlisten = $guide.listen((g) => seen.push(g.state));
    await loadGuide('e1', '2026-06-10');
    unlisten();
    expect(seen).toEqual(['ready']);
  });

  it('primeGuide reads the first view from the store before the guide asks, and the guide reuses it', async () => {
    const store = createMemoryEpgStore();
    await store.putDays([day, { ...day, date: '2026-06-09', checksum: 'y' }]);
    const read = vi.spyOn(store, 'day');
    useGuideStore(store);
    vi.stubGlobal('window', {});
    try {
      primeGuide('e1', T);
    } finally {
      vi.unstubAllGlobals();
    }
    await new Promise((r) => setTimeout(r, 0));
    expect(read.mock.calls.map(([, date]) => date).sort()).toEqual(['2026-06-09', '2026-06-10']);
    await loadGuide('e1', '2026-06-10');
    await loadTodayPrograms('e1', T);
    expect(read).toHaveBeenCalledTimes(2);
    expect($guide.get()).toMatchObject({ state: 'ready', source: 'store', programs: byStart(day.programs) });
    expect($todayPrograms.get().programs).toHaveLength(6);
  });

  it('fetches a missing day once and keeps it in the store', async () => {
    const store = createMemoryEpgStore();
    useGuideStore(store);
    const net = vi.spyOn(browserApi.live, 'epgQueryV2').mockResolvedValue({ epgList: [day] });
    await loadGuide('e1', '2026-06-10');
    await loadGuide('e1', '2026-06-10');
    expect(net).toHaveBeenCalledTimes(1);
    expect(await store.day('e1', '2026-06-10')).toEqual(day);
  });

  it('refreshes the day on screen without passing through loading (a sync must not empty the list)', async () => {
    const store = createMemoryEpgStore();
    await store.putDays([day]);
    useGuideStore(store);
    await loadGuide('e1', '2026-06-10');
    const seen: string[] = [];
    const stop = $guide.listen((g) => seen.push(g.state));
    const changed = { ...day, checksum: 'b', programs: [prog('z', T, T + H)] };
    await store.putDays([changed]);
    useGuideStore(store); // the store was written: earlier reads are forgotten, as after a sync
    await loadGuide('e1', '2026-06-10');
    stop();
    expect(seen).toEqual(['ready']);
    expect($guide.get()).toMatchObject({ state: 'ready', programs: changed.programs });
  });

  it('another day still shows loading first', async () => {
    const store = createMemoryEpgStore();
    await store.putDays([day, { ...day, date: '2026-06-11' }]);
    useGuideStore(store);
    await loadGuide('e1', '2026-06-10');
    const seen: string[] = [];
    const stop = $guide.listen((g) => seen.push(g.state));
    await loadGuide('e1', '2026-06-11');
    stop();
    expect(seen).toEqual(['loading', 'ready']);
  });

  it('shows the viewer’s day, made of the two UTC days it overlaps (São Paulo, UTC−3)', async () => {
    const evening = prog('evening', Date.UTC(2026, 5, 10, 23), Date.UTC(2026, 5, 11, 1)); // 20:00–22:00 local
    const lateNight = prog('late', Date.UTC(2026, 5, 11, 2), Date.UTC(2026, 5, 11, 4)); // 23:00–01:00 local
    const nextDay = prog('next', Date.UTC(2026, 5, 11, 4), Date.UTC(2026, 5, 11, 5)); // 01:00 on the 11th
    const store = createMemoryEpgStore();
    await store.putDays([
      { ...day, programs: [prog('dawn', Date.UTC(2026, 5, 10, 1), Date.UTC(2026, 5, 10, 2)), evening] },
      { ...day, date: '2026-06-11', checksum: 'n', programs: [lateNight, nextDay] },
    ]);
    useGuideStore(store);
    const zone = process.env.TZ;
    process.env.TZ = 'America/Sao_Paulo';
    try {
      await loadGuide('e1', '2026-06-10');
      const g = $guide.get();
      expect(g.state === 'ready' && g.programs.map((p) => p.programId)).toEqual(['evening', 'late']);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
