import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerCore } from './core.ts';
import { FakeMedia, fakeLoader } from './fakes.test-helpers.ts';
import type { PlayerEvents } from './types.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const HOUR = 3_600_000;

/** A live channel playing at the edge of a one-hour seekable window, inside a two-hour programme. */
async function playingLive(
  opts: { window?: number; programme?: { start: number; stop: number } | null } = {},
) {
  const media = new FakeMedia();
  const { log, loader } = fakeLoader();
  const core = createPlayerCore({ loadEngine: loader });
  core.attach(media.asElement());
  const window = opts.window ?? 3600;
  media.range = [0, window];
  media.currentTime = window - 6;
  core.load({ src: 'live.m3u8' });
  const programme = opts.programme === undefined ? { start: NOW - HOUR, stop: NOW + HOUR } : opts.programme;
  if (programme) core.setProgramme({ title: 'News', ...programme });
  await flush();
  media.fire('playing');
  const events = <K extends keyof PlayerEvents>(type: K) => {
    const list: PlayerEvents[K][] = [];
    core.on(type, (p) => list.push(p));
    return list;
  };
  return { media, log, core, events };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('time-shift by the progress bar (110 s edges)', () => {
  it('a click exactly 110 s from live starts time-shift there', async () => {
    const { media, core } = await playingLive();
    expect(core.seekBar(NOW - 110_000)).toBe('timeshift');
    expect(core.getState().mode).toBe('timeshift');
    expect(media.currentTime).toBe(3600 - 110);
  });

  it('a click 109.999 s from live stays live', async () => {
    const { media, core } = await playingLive();
    expect(core.seekBar(NOW - 109_999)).toBe('live');
    expect(core.getState().mode).toBe('live');
    expect(media.currentTime).toBe(3600 - 6);
  });

  it('in time-shift, a click within 110 s of live returns to live', async () => {
    const { media, core } = await playingLive();
    core.seekBar(NOW - 600_000);
    expect(core.getState().mode).toBe('timeshift');
    expect(core.seekBar(NOW - 50_000)).toBe('live');
    expect(core.getState().mode).toBe('live');
    expect(media.currentTime).toBe(3600 - 6);
  });

  it('the bar is disabled under 110 s of total time and enabled at 110 s', async () => {
    const short = await playingLive({ window: 109.999, programme: null });
    expect(short.core.getState().bar?.enabled).toBe(false);
    expect(short.core.seekBar(NOW - 109_000)).toBe('ignore');
    expect(short.core.getState().mode).toBe('live');
    const enough = await playingLive({ window: 110, programme: null });
    expect(enough.core.getState().bar?.enabled).toBe(true);
    expect(enough.core.seekBar(NOW - 110_000)).toBe('timeshift');
  });

  it('a programme that began less than 110 s ago disables the bar even with a long window', async () => {
    const { core } = await playingLive({ programme: { start: NOW - 109_000, stop: NOW + HOUR } });
    expect(core.getState().bar?.enabled).toBe(false);
    core.setProgramme({ title: 'News', start: NOW - 110_000, stop: NOW + HOUR });
    expect(core.getState().bar?.enabled).toBe(true);
  });

  it('the bar spans the programme and shows what can be sought', async () => {
    const { core } = await playingLive({ window: 1800 });
    const bar = core.getState().bar;
    expect(bar).toMatchObject({
      start: NOW - HOUR,
      end: NOW + HOUR,
      live: NOW,
      seekableStart: NOW - 1_800_000,
    });
  });

  it('Back to live leaves time-shift and plays at the live position', async () => {
    const { media, core } = await playingLive();
    core.seekBar(NOW - 600_000);
    core.seekToLive();
    expect(core.getState().mode).toBe('live');
    expect(media.currentTime).toBe(3600 - 6);
  });
});

describe('time-shift errors: every 2 s, up to 4 retries, then the tip', () => {
  async function inTimeshift() {
    const ctx = await playingLive();
    ctx.core.seekBar(NOW - 600_000);
    return ctx;
  }

  it('retries 2 s after an error, not before', async () => {
    const { log, core, events } = await inTimeshift();
    const reloads = events('reload');
    log.events?.fatal('fragLoadError', 'fragLoadError', 'network');
    expect(core.getState()).toMatchObject({ state: 'loading', retries: 1 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads).toEqual([{ reason: 'retry' }]);
    expect(log.loads).toHaveLength(2);
    expect(core.getState().mode).toBe('timeshift');
  });

  it('the 4th error is still retried; the 5th shows the time-shift error tip', async () => {
    const { log, core, events } = await inTimeshift();
    const tips = events('timeshifterror');
    for (let i = 1; i <= 4; i++) {
      log.events?.fatal('fragLoadError', 'fragLoadError', 'network');
      expect(core.getState().retries).toBe(i);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(log.loads).toHaveLength(5);
    expect(tips).toEqual([]);
    log.events?.fatal('fragLoadError', 'fragLoadError', 'network');
    expect(core.getState().state).toBe('error');
    expect(core.getState().error?.kind).toBe('timeshift');
    expect(tips).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log.loads).toHaveLength(5);
  });

  it('errors that arrive while a retry is pending count once', async () => {
    const { log, core } = await inTimeshift();
    log.events?.fatal('e', 'e', 'media');
    log.events?.fatal('e', 'e', 'media');
    log.events?.fatal('e', 'e', 'media');
    expect(core.getState().retries).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(log.loads).toHaveLength(2);
  });

  it('playback that recovers resets the retry count', async () => {
    const { media, log, core } = await inTimeshift();
    log.events?.fatal('fragLoadError', 'fragLoadError', 'network');
    await vi.advanceTimersByTimeAsync(2_000);
    media.fire('playing');
    expect(core.getState().retries).toBe(0);
  });

  it('after the tip, Back to live reloads the channel at live', async () => {
    const { log, core } = await inTimeshift();
    for (let i = 0; i < 5; i++) {
      log.events?.fatal('e', 'e', 'network');
      await vi.advanceTimersByTimeAsync(2_000);
    }
    const loads = log.loads.length;
    core.seekToLive();
    await flush();
    expect(core.getState().mode).toBe('live');
    expect(log.loads).toHaveLength(loads + 1);
  });

  it('a retry resumes on the picture the viewer was at', async () => {
    const { media, log } = await inTimeshift();
    log.events?.fatal('e', 'e', 'network');
    await vi.advanceTimersByTimeAsync(2_000);
    media.range = [2, 3602]; // live has moved on 2 s …
    media.currentTime = 3602 - 6; // … and the new load starts at its live edge …
    media.fire('canplay');
    // … and is put back where the viewer was, within the second the bar is re-read at.
    expect(media.currentTime).toBeGreaterThanOrEqual(3602 - 602);
    expect(media.currentTime).toBeLessThanOrEqual(3602 - 601);
  });
});

describe('programme overrun in time-shift', () => {
  it('pauses and asks to go back to live once the position passes the programme end; OK returns to live', async () => {
    const { media, core, events } = await playingLive({
      programme: { start: NOW - HOUR, stop: NOW - 300_000 },
    });
    const asks = events('confirmbacktolive');
    core.seekBar(NOW - 301_000);
    media.currentTime += 0.999;
    media.fire('timeupdate');
    expect(core.getState().confirm).toBeNull();
    media.currentTime += 0.001;
    media.fire('timeupdate');
    expect(core.getState().confirm).toBe('backToLive');
    expect(media.paused).toBe(true);
    expect(asks).toHaveLength(1);
    core.confirmBackToLive();
    expect(core.getState()).toMatchObject({ mode: 'live', confirm: null });
    expect(media.currentTime).toBe(3600 - 6);
  });

  it('in live mode the programme end asks nothing (the host moves the bar to the next programme)', async () => {
    const { media, core } = await playingLive({ programme: { start: NOW - HOUR, stop: NOW - 1 } });
    media.fire('timeupdate');
    expect(core.getState().confirm).toBeNull();
  });
});

describe('clicks at the start of a sliding window', () => {
  it('land a little inside it, so the position has not slid out when its segment arrives', async () => {
    const { media, core } = await playingLive({ window: 120, programme: null });
    expect(core.seekBar(NOW - 500_000)).toBe('timeshift');
    expect(media.currentTime).toBe(120 - 110);
  });

  it('the margin never takes a click below 110 s behind live', async () => {
    const { media, core } = await playingLive({ window: 115, programme: null });
    expect(core.seekBar(NOW - 115_000)).toBe('timeshift');
    expect(media.currentTime).toBe(115 - 110);
  });
});
