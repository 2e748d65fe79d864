import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_STALL_MS, WATCHING_EVERY_MS } from './constants.ts';
import { createPlayerCore } from './core.ts';
import { FakeMedia, fakeLoader } from './fakes.test-helpers.ts';
import type { PlayerEvents, PlayerMode, ProgressReport, TelemetryEvent } from './types.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

async function playing(mode: PlayerMode, extra: { meta?: ProgressReport['metaId'] } = {}) {
  const media = new FakeMedia();
  media.duration = 1200;
  const { log, loader } = fakeLoader();
  const telemetry: TelemetryEvent[] = [];
  const core = createPlayerCore({
    loadEngine: loader,
    telemetry: (e) => telemetry.push(e),
    progressIntervalMs: 60_000,
  });
  core.attach(media.asElement());
  core.load({
    src: 'item.m3u8',
    mode,
    id: 'item-1',
    meta: { metaId: extra.meta ?? 'm1', episodeNo: 2, seasonNo: 1 },
  });
  await flush();
  media.fire('playing');
  const events = <K extends keyof PlayerEvents>(type: K) => {
    const list: PlayerEvents[K][] = [];
    core.on(type, (p) => list.push(p));
    return list;
  };
  return { media, log, core, telemetry, events };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});
afterEach(() => vi.useRealTimers());

describe('pause time (catch-up and VOD)', () => {
  it('counts one per second while neither playing nor loading', async () => {
    const { media, core } = await playing('catchup');
    core.pause();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(core.getState().pausedSeconds).toBe(3);
    media.fire('playing');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(core.getState().pausedSeconds).toBe(3);
    media.fire('waiting');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(core.getState().pausedSeconds).toBe(3);
    media.fire('pause');
    await vi.advanceTimersByTimeAsync(999);
    expect(core.getState().pausedSeconds).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(core.getState().pausedSeconds).toBe(4);
  });

  it('does not count before the first frame nor after the end', async () => {
    const media = new FakeMedia();
    const { loader } = fakeLoader();
    const core = createPlayerCore({ loadEngine: loader });
    core.attach(media.asElement());
    core.load({ src: 'x.m3u8', mode: 'vod' }, { autoplay: false });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(core.getState().pausedSeconds).toBe(0);
    media.fire('playing');
    media.fire('ended');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(core.getState().pausedSeconds).toBe(0);
  });
});

describe('ended', () => {
  it('catch-up: emits ended in catchup mode (the dialog turns it into auto-next-programme)', async () => {
    const { media, core, events } = await playing('catchup');
    const ended = events('ended');
    media.fire('ended');
    expect(core.getState().state).toBe('ended');
    expect(ended).toEqual([{ mode: 'catchup' }]);
  });

  it('VOD: the progress report marks the item played', async () => {
    const { media, events } = await playing('vod');
    const reports = events('progress');
    media.currentTime = 1200;
    media.fire('timeupdate');
    media.fire('ended');
    expect(reports.at(-1)).toMatchObject({
      played: true,
      playedTime: 1200,
      playProgress: 100,
      totalDuration: 1200,
    });
  });

  it('a play that stands still at the last frame has ended; one that stands still earlier, or paused there, has not', async () => {
    const { media, core, events } = await playing('catchup');
    const ended = events('ended');
    core.play();
    media.currentTime = 1199.7;
    media.fire('timeupdate');
    await vi.advanceTimersByTimeAsync(END_STALL_MS - 1_000);
    expect(ended).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ended).toEqual([{ mode: 'catchup' }]);
    expect(core.getState().state).toBe('ended');
    expect(media.paused).toBe(true);

    const earlier = await playing('vod');
    const notEnded = earlier.events('ended');
    earlier.core.play();
    earlier.media.currentTime = 1190;
    earlier.media.fire('timeupdate');
    await vi.advanceTimersByTimeAsync(10_000);
    earlier.media.currentTime = 1199.9;
    earlier.media.fire('timeupdate');
    earlier.core.pause();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(notEnded).toEqual([]);
  });
});

describe('playback authority lost', () => {
  it('pauses and disables the controls; play requests are refused until it returns', async () => {
    const { media, core } = await playing('vod');
    core.setAuthority(false);
    expect(media.paused).toBe(true);
    expect(core.getState()).toMatchObject({ controlsDisabled: true, state: 'paused' });
    const plays = media.playCalls;
    core.play();
    core.seek(100);
    expect(media.playCalls).toBe(plays);
    expect(media.currentTime).toBe(0);
    core.setAuthority(true);
    core.play();
    expect(media.playCalls).toBe(plays + 1);
  });
});

describe('progress reports (spec §3 play-progress fields)', () => {
  it('are emitted every interval while playing, with the host meta echoed', async () => {
    const { media, events } = await playing('vod');
    const reports = events('progress');
    media.currentTime = 300;
    media.fire('timeupdate');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reports).toEqual([
      {
        metaId: 'm1',
        episodeNo: 2,
        seasonNo: 1,
        played: false,
        playedTime: 300,
        playProgress: 25,
        totalDuration: 1200,
        final: false,
      },
    ]);
  });

  it('flushProgress delivers a final report (tab close)', async () => {
    const { media, core, events } = await playing('catchup');
    const reports = events('progress');
    media.currentTime = 61.7;
    media.fire('timeupdate');
    core.flushProgress();
    expect(reports).toEqual([expect.objectContaining({ final: true, playedTime: 61 })]);
  });

  it('flushProgress right after a seek reports the new position, before any timeupdate (a tab closed at once)', async () => {
    const { core, events } = await playing('vod');
    const reports = events('progress');
    core.seek(92);
    core.flushProgress();
    expect(reports).toEqual([expect.objectContaining({ final: true, playedTime: 92 })]);
  });

  it('flushProgress before the item played reports nothing (a resume position is not overwritten by 0)', async () => {
    const core = createPlayerCore({ loadEngine: fakeLoader().loader });
    const reports: unknown[] = [];
    core.on('progress', (r) => reports.push(r));
    core.attach(new FakeMedia() as unknown as HTMLMediaElement);
    core.load({ src: 'v.m3u8', mode: 'vod', startTime: 600 });
    core.flushProgress();
    expect(reports).toEqual([]);
  });

  it('live never reports progress', async () => {
    const { core, events } = await playing('live');
    const reports = events('progress');
    core.flushProgress();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reports).toEqual([]);
  });
});

describe('telemetry', () => {
  it('a session ends with play data and the stream SLA (start-up, stalls, switches, errors)', async () => {
    const { media, log, core, telemetry } = await playing('vod');
    vi.advanceTimersByTime(10_000);
    media.fire('waiting');
    vi.advanceTimersByTime(1_500);
    media.fire('playing');
    log.events?.levelSwitched(1, 1_200_000);
    vi.advanceTimersByTime(5_000);
    core.load({ src: 'next.m3u8', mode: 'vod' });
    expect(telemetry).toEqual([
      // At the first frame, for the console's viewers now (issue 37); 16.5 s in, no second one yet.
      { type: 'watching', sourceId: 'item-1', mode: 'vod' },
      {
        type: 'vodPlayData',
        sourceId: 'item-1',
        startedAt: Date.UTC(2026, 0, 1),
        watchedMs: 15_000,
        position: 0,
      },
      {
        type: 'streamSla',
        sourceId: 'item-1',
        mode: 'vod',
        startupMs: 0,
        stalls: 1,
        stallMs: 1_500,
        bitrateSwitches: 1,
        errors: 0,
      },
    ]);
  });

  it('live sessions report live play data; catch-up reports playback data', async () => {
    const live = await playing('live');
    live.core.destroy();
    expect(live.telemetry[1]).toMatchObject({ type: 'livePlayData', timeshift: false });
    const catchup = await playing('catchup');
    catchup.core.destroy();
    expect(catchup.telemetry[1]).toMatchObject({ type: 'playbackData' });
  });

  it('while a session plays it reports watching at the first frame and every minute, not while paused (issue 37)', async () => {
    const { media, core, telemetry } = await playing('live');
    const watching = () => telemetry.filter((e) => e.type === 'watching');
    expect(watching()).toEqual([{ type: 'watching', sourceId: 'item-1', mode: 'live' }]);
    vi.advanceTimersByTime(WATCHING_EVERY_MS - 1_000);
    expect(watching()).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(watching()).toHaveLength(2);
    media.fire('pause');
    vi.advanceTimersByTime(3 * WATCHING_EVERY_MS);
    expect(watching()).toHaveLength(2);
    // Playing again after more than a minute: reported at once.
    media.fire('playing');
    expect(watching()).toHaveLength(3);
    core.destroy();
    vi.advanceTimersByTime(3 * WATCHING_EVERY_MS);
    expect(watching()).toHaveLength(3);
  });
});

describe('requests', () => {
  it('quality, rate, volume and aspect ratio go to the engine or element and show in the snapshot', async () => {
    const { media, log, core } = await playing('vod');
    core.setQuality(1);
    core.setRate(1.5);
    core.setVolume(2);
    core.setAspectRatio('4:3');
    expect(log.levels).toEqual([1]);
    expect(media.playbackRate).toBe(1.5);
    expect(media.volume).toBe(1);
    expect(core.getState()).toMatchObject({ quality: 1, rate: 1.5, volume: 1, aspectRatio: '4:3' });
  });

  it('seek is clamped to the item', async () => {
    const { media, core } = await playing('vod');
    core.seek(5_000);
    expect(media.currentTime).toBe(1200);
    core.seek(-3);
    expect(media.currentTime).toBe(0);
  });
});
