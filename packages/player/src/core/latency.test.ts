import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LATENCY_PREFERENCE_KEY,
  LOW_LATENCY_FALLBACK_STALLS,
  LOW_LATENCY_FALLBACK_WINDOW_MS,
  WATCHING_EVERY_MS,
} from './constants.ts';
import { createPlayerCore } from './core.ts';
import { FakeMedia, fakeLoader } from './fakes.test-helpers.ts';
import {
  createLatencySamples,
  createStallRule,
  median,
  type PreferenceStorage,
  readLatencyPreference,
} from './latency.ts';
import type { Engine, EngineStats } from '../engines/types.ts';
import type { PlayerEvents, TelemetryEvent } from './types.ts';

function memoryStorage(
  initial: Record<string, string> = {},
): PreferenceStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
  };
}

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([3000, 1000, 2000])).toBe(2000);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('the fallback rule (decision 0443)', () => {
  it(`falls back on the ${LOW_LATENCY_FALLBACK_STALLS}rd stall within ${LOW_LATENCY_FALLBACK_WINDOW_MS / 1000} s`, () => {
    const rule = createStallRule();
    expect(rule.stall(0)).toBe(false);
    expect(rule.stall(30_000)).toBe(false);
    expect(rule.stall(59_999)).toBe(true);
  });
  it('forgets stalls older than the window', () => {
    const rule = createStallRule();
    rule.stall(0);
    rule.stall(10_000);
    expect(rule.stall(60_000)).toBe(false); // the first is a minute old: two in the window
    expect(rule.stall(69_999)).toBe(true);
  });
});

describe('latency samples of a watching minute', () => {
  it('gives the median in whole ms and whether low latency ran for most of it, then starts again', () => {
    const s = createLatencySamples();
    s.add(1800.4, true);
    s.add(2600, true);
    s.add(1200, false);
    expect(s.take()).toEqual({ latencyMs: 1800, lowLatency: true });
    expect(s.take()).toEqual({});
    s.add(6000, false);
    s.add(1500, true);
    expect(s.take()).toEqual({ latencyMs: 3750, lowLatency: false });
  });
});

describe('the delay setting', () => {
  it('is "Lowest delay" unless "Most stable" was stored', () => {
    expect(readLatencyPreference(null)).toBe('lowest');
    expect(readLatencyPreference(memoryStorage({ [LATENCY_PREFERENCE_KEY]: 'stable' }))).toBe('stable');
    expect(readLatencyPreference(memoryStorage({ [LATENCY_PREFERENCE_KEY]: '<script>' }))).toBe('lowest');
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(readLatencyPreference(refusing)).toBe('lowest');
  });
});

const flush = () => vi.advanceTimersByTimeAsync(0);

/** A live channel playing on a fake engine that says it plays parts at `latencyMs`. */
async function live(
  opts: { storage?: PreferenceStorage; inPlace?: boolean; stats?: Partial<EngineStats> } = {},
) {
  const media = new FakeMedia();
  media.range = [0, 60];
  const stats: EngineStats = {
    lowLatency: true,
    partsOffered: true,
    latencyMs: 1800,
    targetLatencyMs: 1200,
    bitrate: 800_000,
    height: 360,
    ...opts.stats,
  };
  const left: number[] = [];
  const extra: Partial<Engine> = { stats: () => stats };
  if (opts.inPlace !== false)
    extra.leaveLowLatency = () => {
      left.push(Date.now());
      stats.lowLatency = false;
      return true;
    };
  const { log, loader } = fakeLoader(null, extra);
  const telemetry: TelemetryEvent[] = [];
  const storage = opts.storage ?? memoryStorage();
  const core = createPlayerCore({ loadEngine: loader, telemetry: (e) => telemetry.push(e), storage });
  const reloads: PlayerEvents['reload'][] = [];
  core.on('reload', (r) => reloads.push(r));
  core.attach(media.asElement());
  core.load({ src: 'ch1.m3u8', id: 'ch1' });
  await flush();
  media.fire('playing');
  return { media, core, log, stats, left, telemetry, reloads, storage };
}

async function stallTimes(media: FakeMedia, n: number, everyMs: number) {
  for (let i = 0; i < n; i++) {
    media.fire('waiting');
    await vi.advanceTimersByTimeAsync(500);
    media.fire('playing');
    await vi.advanceTimersByTimeAsync(everyMs - 500);
  }
}

describe('low-latency live in the core (issue 41)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1));
  });
  afterEach(() => vi.useRealTimers());

  it('asks the engine for low latency on live by default, and not on demand or with "Most stable"', async () => {
    const { log, core } = await live();
    expect(log.loads[0]?.options).toEqual({ lowLatency: true });
    core.load({ src: 'film.m3u8', mode: 'vod' });
    await flush();
    expect(log.loads[1]?.options).toEqual({ lowLatency: false });
    const stable = await live({ storage: memoryStorage({ [LATENCY_PREFERENCE_KEY]: 'stable' }) });
    expect(stable.core.getState().latencyPreference).toBe('stable');
    expect(stable.log.loads[0]?.options).toEqual({ lowLatency: false });
  });

  it('shows the mode, the latency, the target and the rendition once a second', async () => {
    const { core, stats } = await live();
    expect(core.getState().stats).toMatchObject({ lowLatency: true, latencyMs: 1800, targetLatencyMs: 1200 });
    stats.latencyMs = 2100;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(core.getState().stats).toMatchObject({ latencyMs: 2100, height: 360, fellBack: false, rate: 1 });
  });

  it(`leaves low latency in place after ${LOW_LATENCY_FALLBACK_STALLS} stalls in a minute, for the rest of the channel's session`, async () => {
    const { media, core, log, left, reloads } = await live();
    await stallTimes(media, LOW_LATENCY_FALLBACK_STALLS - 1, 20_000);
    expect(left).toHaveLength(0);
    media.fire('waiting');
    expect(left).toHaveLength(1);
    expect(reloads).toHaveLength(0);
    expect(core.getState().stats).toMatchObject({ lowLatency: false, fellBack: true });
    // A reload of the same channel stays standard; the next channel starts in low latency again.
    core.play();
    media.fire('playing');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(core.getState().stats?.fellBack).toBe(true);
    core.load({ src: 'ch2.m3u8', id: 'ch2' });
    await flush();
    expect(log.loads.at(-1)?.options).toEqual({ lowLatency: true });
    expect(core.getState().stats).toBeNull();
  });

  it('keeps low latency when the stalls are spread over more than a minute', async () => {
    const { media, left } = await live();
    await stallTimes(media, 6, 31_000);
    expect(left).toHaveLength(0);
  });

  it('counts no stalls in standard mode (a channel without parts)', async () => {
    const { media, left } = await live({ stats: { lowLatency: false, partsOffered: false } });
    await stallTimes(media, 4, 5_000);
    expect(left).toHaveLength(0);
  });

  it('reloads at the standard distance where the engine cannot leave low latency in place', async () => {
    const { media, log, reloads } = await live({ inPlace: false });
    await stallTimes(media, LOW_LATENCY_FALLBACK_STALLS, 10_000);
    expect(reloads).toEqual([{ reason: 'latency' }]);
    await flush();
    expect(log.loads.at(-1)?.options).toEqual({ lowLatency: false });
  });

  it("remembers the viewer's choice and reloads a channel with parts at the new distance", async () => {
    const { core, log, storage, reloads } = await live();
    core.setLatencyPreference('stable');
    expect((storage as ReturnType<typeof memoryStorage>).data[LATENCY_PREFERENCE_KEY]).toBe('stable');
    expect(core.getState().latencyPreference).toBe('stable');
    expect(reloads).toEqual([{ reason: 'latency' }]);
    await flush();
    expect(log.loads.at(-1)?.options).toEqual({ lowLatency: false });
    // The choice survives a channel change, and a new core (a reload of the page) reads it back.
    core.load({ src: 'ch2.m3u8', id: 'ch2' });
    expect(core.getState().latencyPreference).toBe('stable');
    const again = createPlayerCore({ loadEngine: fakeLoader().loader, storage });
    expect(again.getState().latencyPreference).toBe('stable');
  });

  it('does not reload for the choice on a channel without parts', async () => {
    const { core, reloads } = await live({ stats: { lowLatency: false, partsOffered: false } });
    core.setLatencyPreference('stable');
    expect(reloads).toHaveLength(0);
  });

  it('reports the median latency of the minute and the mode with `watching`', async () => {
    const { telemetry, stats } = await live();
    const watching = () => telemetry.filter((e) => e.type === 'watching');
    expect(watching()).toEqual([
      { type: 'watching', sourceId: 'ch1', mode: 'live', latencyMs: 1800, lowLatency: true },
    ]);
    stats.latencyMs = 2500;
    await vi.advanceTimersByTimeAsync(WATCHING_EVERY_MS);
    expect(watching()[1]).toEqual({
      type: 'watching',
      sourceId: 'ch1',
      mode: 'live',
      latencyMs: 2500,
      lowLatency: true,
    });
  });
});
