import type { EpgStatus } from '@ottkit/api-client/contract';

const DAY_MS = 86_400_000;

/** Spec §3 programme status at `now`: stop is exclusive, so a programme ending now is finished. */
export function programStatus(p: { start: number; stop: number }, now: number): EpgStatus {
  if (now < p.start) return 'notStart';
  if (now >= p.stop) return 'finished';
  return 'playing';
}

/**
 * Spec §4 programme row: a finished programme may be played back only when the channel allows playback,
 * the programme is catch-up, and it started within the channel's playbackDuration days.
 */
export function catchupAllowed(
  channel: { canPlayBack: boolean; playbackDuration: number },
  p: { start: number; stop: number; isCatchup: boolean },
  now: number,
): boolean {
  return (
    programStatus(p, now) === 'finished' &&
    channel.canPlayBack &&
    p.isCatchup &&
    now - p.start <= channel.playbackDuration * DAY_MS
  );
}
