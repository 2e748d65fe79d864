import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerCore } from './core.ts';
import { FakeMedia, fakeLoader } from './fakes.test-helpers.ts';
import type { PlayerSource, SourceRenewal } from './types.ts';

// The live controller with a time-shift (DVR) playlist beside the live one, and URL renewal (decision 0100).

const flush = () => vi.advanceTimersByTimeAsync(0);
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const MIN = 60_000;
const PROGRAMME = { title: 'News', start: NOW - 30 * MIN, stop: NOW + 30 * MIN };

/** A live channel at the edge of its 12 s live playlist, with a DVR playlist from the programme start. */
async function watching(extra: Partial<PlayerSource> = {}) {
  const media = new FakeMedia();
  const { log, loader } = fakeLoader();
  const core = createPlayerCore({ loadEngine: loader });
  core.attach(media.asElement());
  media.range = [100, 112];
  media.currentTime = 106;
  core.load({ src: 'live.m3u8?token=L1', timeshiftSrc: 'dvr.m3u8?token=T1&start=1', ...extra });
  core.setProgramme(PROGRAMME);
  await flush();
  media.fire('playing');
  return { media, log, core };
}

/** Clicks 4 minutes back and lets the DVR playlist (30 min of media, its end is now) become playable. */
async function inTimeshift(w: Awaited<ReturnType<typeof watching>>) {
  w.core.seekBar(NOW - 4 * MIN);
  await flush();
  w.media.range = [0, 1800];
  w.media.fire('canplay');
  w.media.fire('playing');
  return w;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('time-shift through the DVR playlist', () => {
  it('the bar spans the programme from its start although the live playlist holds 12 s', async () => {
    const { core } = await watching();
    const bar = core.getState().bar;
    expect(bar?.enabled).toBe(true);
    expect(bar?.seekableStart).toBe(PROGRAMME.start);
  });

  it('without a DVR playlist the bar stays disabled on a 12 s window (as before)', async () => {
    const { core } = await watching({ timeshiftSrc: undefined });
    expect(core.getState().bar?.enabled).toBe(false);
  });

  it('a DVR playlist starting after the programme limits what can be sought', async () => {
    const { core } = await watching({ timeshiftStart: NOW - 5 * MIN });
    expect(core.getState().bar?.seekableStart).toBe(NOW - 5 * MIN);
  });

  it('a click minutes back loads the DVR playlist and seeks there once it can play', async () => {
    const { media, log, core } = await watching();
    expect(core.seekBar(NOW - 4 * MIN)).toBe('timeshift');
    expect(core.getState()).toMatchObject({ mode: 'timeshift', state: 'loading' });
    await flush();
    expect(log.loads.at(-1)?.src).toBe('dvr.m3u8?token=T1&start=1');
    // The DVR playlist: 30 min of media, its end is now.
    media.range = [0, 1800];
    media.currentTime = 1794;
    media.fire('canplay');
    expect(media.currentTime).toBe(1800 - 240);
    media.fire('playing');
    expect(core.getState().bar?.position).toBe(NOW - 4 * MIN);
  });

  it('lands on the point clicked however long the DVR playlist takes to load (issue 36: 35-40 s away)', async () => {
    const { media, core } = await watching();
    core.seekBar(NOW - 4 * MIN);
    await flush();
    // 37 s pass before the DVR playlist can play; its end (live) has moved on by as much.
    await vi.advanceTimersByTimeAsync(37_000);
    media.range = [0, 1837];
    media.fire('canplay');
    expect(media.currentTime).toBe(1837 - 277);
    media.fire('playing');
    expect(core.getState().bar?.position).toBe(NOW - 4 * MIN);
  });

  it('a second click in time-shift seeks inside the DVR playlist without reloading', async () => {
    const { media, log, core } = await inTimeshift(await watching());
    const loads = log.loads.length;
    expect(core.seekBar(NOW - 10 * MIN)).toBe('timeshift');
    expect(log.loads).toHaveLength(loads);
    expect(media.currentTime).toBe(1800 - 600);
  });

  it('Back to live returns to the live playlist', async () => {
    const { log, core } = await inTimeshift(await watching());
    core.seekToLive();
    await flush();
    expect(core.getState().mode).toBe('live');
    expect(log.loads.at(-1)?.src).toBe('live.m3u8?token=L1');
  });

  it('time-shift errors retry the DVR playlist on the same picture (spec §4: 4 × 2 s)', async () => {
    const { media, log, core } = await inTimeshift(await watching());
    log.events?.fatal('fragLoadError', 'x', 'network');
    expect(core.getState().retries).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(log.loads.at(-1)?.src).toBe('dvr.m3u8?token=T1&start=1');
    // Live has moved on 2 s; the retry resumes on the same picture.
    media.range = [0, 1802];
    media.fire('canplay');
    // Within the second the bar is re-read at (this fake's playlist stood still meanwhile).
    expect(media.currentTime).toBeGreaterThanOrEqual(1802 - 242);
    expect(media.currentTime).toBeLessThanOrEqual(1802 - 241);
  });
});

describe('URL renewal', () => {
  it('asks the host before expiry and swaps the fresh token into requests derived from the old URL', async () => {
    const renewals: SourceRenewal[] = [
      { src: 'live.m3u8?token=L2', timeshiftSrc: 'dvr.m3u8?token=T2&start=1', expiresAt: NOW + 2 * 40_000 },
    ];
    const renew = vi.fn(async () => renewals.shift() ?? null);
    const { log, core } = await watching({ expiresAt: NOW + 40_000, renew });
    const renewed: unknown[] = [];
    core.on('renewed', (e) => renewed.push(e));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledWith(expect.objectContaining({ mode: 'live' }));
    expect(renewed).toEqual([{ expiresAt: NOW + 80_000 }]);
    // No reload: the engine keeps playing; its next playlist request carries the new token.
    expect(log.loads).toHaveLength(1);
    expect(log.events?.rewriteUrl?.('http://h/hd/index.m3u8?token=L1')).toBe(
      'http://h/hd/index.m3u8?token=L2',
    );
    expect(core.getState().source?.timeshiftSrc).toBe('dvr.m3u8?token=T2&start=1');
    expect(core.getState().state).toBe('playing');
  });

  it('retries a failed renewal 5 s later', async () => {
    const renew = vi
      .fn<() => Promise<SourceRenewal | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ src: 'live.m3u8?token=L2' });
    const { core } = await watching({ expiresAt: NOW + 400_000, renew });
    await vi.advanceTimersByTimeAsync(340_000);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(renew).toHaveBeenCalledTimes(2);
    expect(core.getState().source?.src).toBe('live.m3u8?token=L2');
  });

  it('a reload after the URLs expired (a sleeping tab) renews them first', async () => {
    const renew = vi.fn(async () => ({ src: 'live.m3u8?token=L9', expiresAt: NOW + 3_600_000 }));
    const { log, core } = await watching({ expiresAt: NOW + 1_000, renew });
    vi.setSystemTime(NOW + 5_000); // the timer did not run (throttled)
    log.events?.fatal('manifestLoadError', 'HTTP 403', 'network');
    core.play();
    await flush();
    expect(renew).toHaveBeenCalled();
    expect(log.loads.at(-1)?.src).toBe('live.m3u8?token=L9');
  });

  it('a new channel forgets the old renewal', async () => {
    const renew = vi.fn(async () => ({ src: 'live.m3u8?token=L2' }));
    const { core } = await watching({ expiresAt: NOW + 40_000, renew });
    core.load({ src: 'other.m3u8' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).not.toHaveBeenCalled();
  });
});
