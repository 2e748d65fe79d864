import { WATCHING_EVERY_MS } from './constants.ts';
import { createLatencySamples } from './latency.ts';
import type { PlayerMode, TelemetryEvent } from './types.ts';

/**
 * Counts one playback session (one source, from load to the next load or teardown) for the stream SLA and the
 * play-data events of spec §7. Pure bookkeeping; the core tells it what happened and when.
 */
export function createSession(
  sourceId: string | undefined,
  mode: PlayerMode,
  requestedAt: number,
  zapStartedAt?: number,
) {
  let startupMs: number | null = null;
  let zapMs: number | null = null;
  let stalls = 0;
  let stallMs = 0;
  let stallSince: number | null = null;
  let switches = 0;
  let errors = 0;
  let watchedMs = 0;
  let playingSince: number | null = null;
  let timeshift = mode === 'timeshift';
  let watchingAt: number | null = null;
  const latency = createLatencySamples();

  const stopPlaying = (now: number) => {
    if (playingSince !== null) watchedMs += now - playingSince;
    playingSince = null;
  };

  return {
    playing(now: number): number | null {
      let first: number | null = null;
      if (startupMs === null) {
        first = startupMs = now - requestedAt;
        if (zapStartedAt !== undefined) zapMs = Math.max(0, now - zapStartedAt);
      }
      if (stallSince !== null) stallMs += now - stallSince;
      stallSince = null;
      if (playingSince === null) playingSince = now;
      return first;
    },
    notPlaying(now: number) {
      stopPlaying(now);
    },
    waiting(now: number) {
      stopPlaying(now);
      // Only a wait after the first frame is a stall; before it, it is start-up time.
      if (startupMs !== null && stallSince === null) {
        stalls += 1;
        stallSince = now;
      }
    },
    bitrateSwitch() {
      switches += 1;
    },
    error() {
      errors += 1;
    },
    /** The live latency of the frame shown (ms) while it plays, and whether low-latency mode was on (issue 41). */
    latency(ms: number, lowLatency: boolean) {
      if (playingSince !== null) latency.add(ms, lowLatency);
    },
    /**
     * A `watching` report when one is due: playing, and none yet or the last WATCHING_EVERY_MS ago. Live carries
     * the median latency since the last report and the mode it ran in.
     */
    watching(now: number, mode: PlayerMode): TelemetryEvent | null {
      if (playingSince === null) return null;
      if (watchingAt !== null && now - watchingAt < WATCHING_EVERY_MS) return null;
      watchingAt = now;
      const seen = latency.take();
      return { type: 'watching', sourceId, mode, ...(mode === 'live' ? seen : {}) };
    },
    timeshift() {
      timeshift = true;
    },
    /** Closes the session: the events to deliver, in order. */
    end(now: number, mode: PlayerMode, position: number): TelemetryEvent[] {
      stopPlaying(now);
      if (stallSince !== null) stallMs += now - stallSince;
      stallSince = null;
      const startedAt = requestedAt;
      const sla: TelemetryEvent = {
        type: 'streamSla',
        sourceId,
        mode,
        startupMs,
        stalls,
        stallMs,
        bitrateSwitches: switches,
        errors,
        ...(zapMs === null ? {} : { zapMs }),
      };
      const common = { sourceId, startedAt, watchedMs };
      if (mode === 'vod') return [{ type: 'vodPlayData', ...common, position }, sla];
      if (mode === 'catchup') return [{ type: 'playbackData', ...common, position }, sla];
      return [{ type: 'livePlayData', ...common, timeshift }, sla];
    },
  };
}

export type Session = ReturnType<typeof createSession>;
