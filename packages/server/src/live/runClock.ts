/**
 * When the source sent a packager run's media (issue 41, decision 0446). A live input's EXT-X-PROGRAM-DATE-TIME is
 * that wall-clock time, so a player's delay to the source (now minus it) is the delay its viewer has.
 *
 * A fragment's arrival says when its media was sent only once ffmpeg keeps pace with the source: ffmpeg probes a
 * live input for up to 3 s, then writes what it buffered in a burst. So the clock maps the run's media time onto
 * the wall clock by the least lag (arrival minus the media's end) seen, and hands the run's first fragments on only
 * once the lag stops falling (the burst has passed): from the run's first segment on, a stamp is the sending time,
 * and one run's stamps follow its media back to back. A stamp that came out late could never be mended (the
 * timeline never goes back), one that came out early can: the clock waits rather than guesses.
 */

/**
 * A fragment this much later than the clock says is late: a source that paused and went on with its media times
 * where they were, or a stall of the network or of ffmpeg whose backlog comes next.
 */
const LATE_MS = 1000;
/**
 * Late this long (media time) with no fragment back on time: the source paused, and the clock moves on to the
 * least lag since. A stall's backlog comes back on time sooner; until then its fragments keep the clock's stamps.
 */
const MOVE_ON_SEC = 2;
/**
 * A run's first fragments are held at most this long for the lag to stop falling (an input that keeps sending
 * faster than real time, an HLS pull whose playlist stopped): the least lag seen by then is the clock's. Well
 * within the 15 s a start may take.
 */
const HOLD_MAX_MS = 5000;

/** Calls `fn` after `ms` unless cancelled. */
export type Timer = (ms: number, fn: () => void) => { cancel(): void };

const realTimer: Timer = (ms, fn) => {
  const t = setTimeout(fn, ms);
  // A run that is gone holds nothing up.
  t.unref();
  return { cancel: () => clearTimeout(t) };
};

export class RunClock {
  /** The wall clock (epoch ms) at media time 0: the least lag seen while the run started. */
  private zeroMs = Number.POSITIVE_INFINITY;
  private settled = false;
  private holding: { cancel(): void } | undefined;
  private held: (() => void)[] = [];
  /** The furthest media end seen: the same moment in another rendition says nothing new. */
  private endSec = Number.NEGATIVE_INFINITY;
  /** Since when (media time) the fragments are late, and their least lag. */
  private late: { sinceSec: number; lagMs: number } | undefined;
  private readonly now: () => number;
  private readonly after: Timer;

  constructor(now: () => number, after: Timer = realTimer) {
    this.now = now;
    this.after = after;
  }

  /** A fragment of media [startSec, startSec + sec) (the run's media time) arrived now. */
  arrived(startSec: number, sec: number) {
    const end = startSec + sec;
    if (end <= this.endSec) return;
    this.endSec = end;
    const at = this.now();
    const lagMs = at - end * 1000;
    if (this.settled) return this.onTime(startSec, lagMs);
    this.holding ??= this.after(HOLD_MAX_MS, () => this.settle());
    // Its lag did not fall: ffmpeg waited for the source, the start-up burst has passed.
    const paced = lagMs >= this.zeroMs;
    this.zeroMs = Math.min(this.zeroMs, lagMs);
    if (paced) this.settle();
  }

  /** What is held goes on, stamped by the least lag seen: the burst has passed, waited long enough, or the run ended. */
  settle() {
    if (this.settled) return;
    this.settled = true;
    this.holding?.cancel();
    for (const hand of this.held.splice(0)) hand();
  }

  /** The run stopped: nothing more goes on. */
  stop() {
    this.holding?.cancel();
    this.held = [];
  }

  private onTime(startSec: number, lagMs: number) {
    if (lagMs <= this.zeroMs + LATE_MS) {
      this.late = undefined;
      return;
    }
    this.late = {
      sinceSec: this.late?.sinceSec ?? startSec,
      lagMs: Math.min(this.late?.lagMs ?? lagMs, lagMs),
    };
    if (startSec - this.late.sinceSec >= MOVE_ON_SEC) {
      this.zeroMs = this.late.lagMs;
      this.late = undefined;
    }
  }

  /** `hand` gets when the source sent media time `startSec`, once the clock knows; in the order asked. */
  when(startSec: number, hand: (sentMs: number) => void) {
    const stamp = () => hand(Math.round(this.zeroMs + startSec * 1000));
    if (this.settled) stamp();
    else this.held.push(stamp);
  }
}
