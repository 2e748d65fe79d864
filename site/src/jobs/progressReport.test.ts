import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProgressReporter,
  DEFAULT_PLAY_HISTORY_REPORT_INTERVAL_S,
  type ProgressSample,
} from './progressReport.ts';

const item = {
  metaId: 'ep-1',
  videoType: 'EPISODE' as const,
  imdbId: 'tt1',
  tmdbId: '11',
  episodeNo: 2,
  seasonNo: 1,
};
const at = (playedTime: number, extra: Partial<ProgressSample> = {}): ProgressSample => ({
  played: false,
  playedTime,
  playProgress: (playedTime / 600) * 100,
  totalDuration: 600,
  final: false,
  ...extra,
});

function setup(intervalSeconds?: number) {
  const send = vi.fn(async () => ({}));
  const sendOnLeave = vi.fn();
  const remember = vi.fn();
  const reporter = createProgressReporter({
    item,
    intervalSeconds,
    send,
    sendOnLeave,
    remember,
    now: () => 5,
  });
  return { reporter, send, sendOnLeave, remember };
}

describe('play-progress reporting (spec §4: every play_history_report_interval, default 60 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('defaults to 60 s', () => {
    expect(DEFAULT_PLAY_HISTORY_REPORT_INTERVAL_S).toBe(60);
  });

  it('reports the newest position once per interval, with every field of the report', async () => {
    const { reporter, send } = setup();
    reporter.sample(at(5));
    reporter.sample(at(30));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      ...item,
      played: false,
      playedTime: 30,
      playProgress: 5,
      totalDuration: 600,
    });
    reporter.stop();
  });

  it('uses the configured interval and skips ticks where the position did not move', async () => {
    const { reporter, send } = setup(10);
    reporter.sample(at(12));
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
    reporter.sample(at(25));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
    reporter.stop();
  });

  it('retries a failed report at the next tick', async () => {
    const { reporter, send } = setup(10);
    send.mockRejectedValueOnce(new Error('offline'));
    reporter.sample(at(12));
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
    reporter.stop();
  });

  it('reports at once when the title ends', () => {
    const { reporter, send } = setup();
    reporter.sample(at(600, { played: true, playProgress: 100 }));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ played: true, playedTime: 600 }));
    reporter.stop();
  });

  it('sends the last position with keepalive on leaving (pagehide) and on stop, once', async () => {
    const { reporter, send, sendOnLeave } = setup();
    reporter.sample(at(42, { final: true }));
    expect(sendOnLeave).toHaveBeenCalledWith(expect.objectContaining({ playedTime: 42 }));
    reporter.stop();
    expect(sendOnLeave).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).not.toHaveBeenCalled();
  });

  it('stop sends what the interval had not sent yet, then stays quiet', async () => {
    const { reporter, sendOnLeave, send } = setup();
    reporter.sample(at(15));
    reporter.stop();
    expect(sendOnLeave).toHaveBeenCalledWith(expect.objectContaining({ playedTime: 15 }));
    reporter.sample(at(20));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).not.toHaveBeenCalled();
    expect(sendOnLeave).toHaveBeenCalledTimes(1);
  });

  it('still takes the final position the player delivers just after stop', () => {
    const { reporter, sendOnLeave } = setup();
    reporter.sample(at(15));
    reporter.stop();
    reporter.sample(at(17, { final: true }));
    expect(sendOnLeave).toHaveBeenLastCalledWith(expect.objectContaining({ playedTime: 17 }));
  });

  it('remembers each position locally for resume, but not before the duration is known', () => {
    const { reporter, remember } = setup();
    reporter.sample(at(0, { totalDuration: 0 }));
    reporter.sample(at(7));
    expect(remember).toHaveBeenCalledTimes(1);
    expect(remember).toHaveBeenCalledWith({
      metaId: 'ep-1',
      playedTime: 7,
      totalDuration: 600,
      played: false,
      updatedAt: 5,
    });
    reporter.stop();
  });
});
