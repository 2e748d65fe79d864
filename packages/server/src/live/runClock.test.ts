import { describe, expect, it } from 'vitest';
import { RunClock, type Timer } from './runClock.ts';

// Decision 0446: when the source sent a run's media, from fragments' arrival (ms of a clock the test sets) and
// their media times. The source here sends media time t at t (ms) and ffmpeg writes a fragment 50 ms after its end.

/** A run's clock on the test's clock, with every stamp it handed on, in order. */
function run() {
  const wall = { now: 0 };
  // The clock's one timer, run by the test: when it was set for, and what it does.
  const timer: { ms?: number; fn?: () => void } = {};
  const after: Timer = (ms, fn) => {
    Object.assign(timer, { ms, fn });
    return { cancel: () => Object.assign(timer, { ms: undefined, fn: undefined }) };
  };
  const clock = new RunClock(() => wall.now, after);
  const stamps: [number, number][] = [];
  /** A 0.4 s fragment starting at media time `startSec` arrives at `at`. */
  const fragment = (startSec: number, at: number) => {
    wall.now = at;
    clock.arrived(startSec, 0.4);
    clock.when(startSec, (sentMs) => stamps.push([startSec, sentMs]));
  };
  return { clock, stamps, fragment, timer };
}

describe('a run’s clock (decision 0446)', () => {
  it('holds a start-up burst until ffmpeg keeps pace, then stamps every fragment with when it was sent', () => {
    const { stamps, fragment } = run();
    // 3 s probed, then written at once at 3.05 s.
    for (let i = 0; i < 7; i++) fragment(i * 0.4, 3050);
    fragment(2.8, 3250);
    expect(stamps).toEqual([]);
    // The first fragment whose lag did not fall (it arrived 10 ms later than the one before, for its time).
    fragment(3.2, 3660);
    expect(stamps.map(([, ms]) => ms)).toEqual([50, 450, 850, 1250, 1650, 2050, 2450, 2850, 3250]);
    // From then on, at once.
    fragment(3.6, 4070);
    expect(stamps.at(-1)).toEqual([3.6, 3650]);
  });

  it('stamps a segment handed on in the burst with its first media’s time, in the order asked', () => {
    const { clock, stamps, fragment } = run();
    fragment(0, 3050);
    fragment(0.4, 3050);
    clock.when(0, (ms) => stamps.push([-1, ms]));
    fragment(0.8, 3050);
    expect(stamps).toEqual([]);
    // This one came at the pace of the media (the source sent it 1.85 s before here: a late start of the probe).
    fragment(1.2, 3450);
    expect(stamps).toEqual([
      [0, 1850],
      [0.4, 2250],
      [-1, 1850],
      [0.8, 2650],
      [1.2, 3050],
    ]);
  });

  it('does not take the same moment in another rendition, a little later, for the pace of the source', () => {
    const { stamps, fragment } = run();
    fragment(0, 3050);
    fragment(0, 3060);
    fragment(0.4, 3050);
    fragment(0.4, 3061);
    expect(stamps).toEqual([]);
  });

  it('keeps its time through a stall of the network (late fragments, then a burst)', () => {
    const { stamps, fragment } = run();
    fragment(0, 450);
    fragment(0.4, 850);
    // Nothing for 2 s, then what was sent meanwhile, at once: handed on as it comes, stamped on the same clock.
    for (let i = 2; i < 8; i++) fragment(i * 0.4, 3250);
    fragment(3.2, 3650);
    expect(stamps.map(([, ms]) => ms)).toEqual([50, 450, 850, 1250, 1650, 2050, 2450, 2850, 3250]);
  });

  it('moves on when the media comes more than 1 s late for 2 s (a source that paused)', () => {
    const { stamps, fragment } = run();
    fragment(0, 450);
    fragment(0.4, 850);
    // The source stopped for 2 s and went on with its media times where they were.
    for (let i = 2; i < 9; i++) fragment(i * 0.4, 3250 + (i - 2) * 400);
    expect(stamps.map(([, ms]) => ms)).toEqual([50, 450, 850, 1250, 1650, 2050, 2450, 4850, 5250]);
  });

  it('holds at most 5 s for an input that never keeps pace, then uses the least lag seen', () => {
    const { stamps, fragment, timer } = run();
    // Sent twice as fast as real time: 0.4 s of media every 200 ms.
    for (let i = 0; i < 20; i++) fragment(i * 0.4, 450 + i * 200);
    expect(stamps).toEqual([]);
    expect(timer.ms).toBe(5000);
    timer.fn?.();
    expect(stamps).toHaveLength(20);
    expect(stamps[0]).toEqual([0, -3750]);
    expect(stamps[1]).toEqual([0.4, -3350]);
  });

  it('hands on what it holds when the run ends, and drops it when the run is stopped', () => {
    const ended = run();
    ended.fragment(0, 3050);
    ended.fragment(0.4, 3050);
    ended.clock.settle();
    expect(ended.stamps).toEqual([
      [0, 2250],
      [0.4, 2650],
    ]);
    const stopped = run();
    stopped.fragment(0, 3050);
    stopped.clock.stop();
    expect(stopped.timer.fn).toBeUndefined();
    stopped.clock.settle();
    expect(stopped.stamps).toEqual([]);
  });
});
