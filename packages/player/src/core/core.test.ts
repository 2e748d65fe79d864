import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerCore } from './core.ts';
import { FakeMedia, fakeLoader } from './fakes.test-helpers.ts';
import type { PlayerEvents, TelemetryEvent } from './types.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

function setup(opts: { liveSync?: number | null } = {}) {
  const media = new FakeMedia();
  const { log, loader } = fakeLoader(opts.liveSync ?? null);
  const telemetry: TelemetryEvent[] = [];
  const core = createPlayerCore({ loadEngine: loader, telemetry: (e) => telemetry.push(e) });
  core.attach(media.asElement());
  const seen: { [K in keyof PlayerEvents]?: PlayerEvents[K][] } = {};
  const record = <K extends keyof PlayerEvents>(type: K) => {
    const list: PlayerEvents[K][] = [];
    seen[type] = list as never;
    core.on(type, (p) => list.push(p));
    return list;
  };
  return { media, log, core, telemetry, record };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('loading and playing', () => {
  it('goes loading → playing and reports the first frame', async () => {
    const { media, log, core, record } = setup();
    const first = record('firstframe');
    core.load({ src: 'https://o/a.m3u8', id: 'a' });
    expect(core.getState().state).toBe('loading');
    await flush();
    expect(log.loads[0]?.src).toBe('https://o/a.m3u8');
    expect(media.playCalls).toBe(1);
    vi.advanceTimersByTime(400);
    media.fire('playing');
    expect(core.getState().state).toBe('playing');
    expect(first).toEqual([{ startupMs: 400 }]);
  });

  it('falls back to muted playback when the browser blocks autoplay with sound', async () => {
    const { media, core } = setup();
    media.blockAutoplay = true;
    core.load({ src: 'a.m3u8' });
    await flush();
    expect(media.muted).toBe(true);
    expect(media.playCalls).toBe(2);
  });

  it('pause and play are requests to the media element; state follows its events', async () => {
    const { media, core } = setup();
    core.load({ src: 'a.m3u8' });
    await flush();
    media.fire('playing');
    core.pause();
    expect(core.getState().state).toBe('paused');
    core.togglePlay();
    expect(media.playCalls).toBe(2);
  });

  it('a fatal engine error outside time-shift is the error state with code and message', async () => {
    const { log, core, record, telemetry } = setup();
    const errors = record('error');
    core.load({ src: 'a.m3u8', id: 'ch1', mode: 'vod' });
    await flush();
    log.events?.fatal('manifestLoadError', 'manifestLoadError (HTTP 404)', 'network');
    expect(core.getState().state).toBe('error');
    expect(errors[0]).toEqual({
      code: 'manifestLoadError',
      message: 'manifestLoadError (HTTP 404)',
      kind: 'network',
    });
    expect(telemetry).toContainEqual({
      type: 'playError',
      sourceId: 'ch1',
      mode: 'vod',
      code: 'manifestLoadError',
      message: 'manifestLoadError (HTTP 404)',
    });
  });
});

describe('leaving the page (issue 37)', () => {
  it('pagehide ends the session: the last channel of a visit is reported; shown again, a new one starts', async () => {
    const { media, core, telemetry } = setup();
    core.load({ src: 'a.m3u8', id: 'ch1' });
    await flush();
    media.fire('playing');
    vi.advanceTimersByTime(5_000);
    media.view.dispatchEvent(new Event('pagehide'));
    expect(telemetry.map((e) => e.type)).toEqual(['watching', 'livePlayData', 'streamSla']);
    expect(telemetry[1]).toMatchObject({ sourceId: 'ch1', watchedMs: 5_000 });
    // Hidden twice (a second pagehide, then destroy), it is reported once.
    media.view.dispatchEvent(new Event('pagehide'));
    expect(telemetry).toHaveLength(3);
    media.view.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    vi.advanceTimersByTime(1_000);
    core.destroy();
    expect(telemetry.map((e) => e.type)).toEqual([
      'watching',
      'livePlayData',
      'streamSla',
      'livePlayData',
      'streamSla',
    ]);
    expect(telemetry[3]).toMatchObject({ sourceId: 'ch1' });
  });
});

describe('live rules (spec §4)', () => {
  it('a channel change pauses the current channel and reloads with the new source', async () => {
    const { media, log, core } = setup();
    core.load({ src: 'a.m3u8' });
    await flush();
    media.fire('playing');
    const pausesBefore = media.pauseCalls;
    core.load({ src: 'b.m3u8' });
    expect(media.pauseCalls).toBe(pausesBefore + 1);
    expect(core.getState().state).toBe('loading');
    await flush();
    expect(log.loads.map((l) => l.src)).toEqual(['a.m3u8', 'b.m3u8']);
    expect(log.destroyed).toBeGreaterThanOrEqual(1);
  });

  it('without live authority it loops the fallback clip and shows the lock; authority back plays the channel', async () => {
    const { media, log, core } = setup();
    core.load({ src: 'live.m3u8', fallbackSrc: 'fallback.m3u8', authority: false });
    await flush();
    expect(core.getState().locked).toBe(true);
    expect(log.loads[0]?.src).toBe('fallback.m3u8');
    expect(media.loop).toBe(true);
    core.setAuthority(true);
    await flush();
    expect(core.getState().locked).toBe(false);
    expect(log.loads[1]?.src).toBe('live.m3u8');
    expect(media.loop).toBe(false);
  });

  it('a stall of 60 s reloads the source, not 59.999 s', async () => {
    const { media, log, core, record } = setup();
    const reloads = record('reload');
    core.load({ src: 'a.m3u8' });
    await flush();
    media.fire('playing');
    media.fire('waiting');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads).toEqual([{ reason: 'stall' }]);
    expect(log.loads).toHaveLength(2);
  });

  it('progress of the picture restarts the stall count; a paused channel is never reloaded', async () => {
    const { media, core, record } = setup();
    const reloads = record('reload');
    core.load({ src: 'a.m3u8' });
    await flush();
    media.fire('playing');
    await vi.advanceTimersByTimeAsync(30_000);
    media.currentTime = 30;
    media.fire('timeupdate');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(reloads).toEqual([]);
    core.pause();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reloads).toEqual([]);
  });
});
