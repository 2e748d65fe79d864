import { liveEdge, type SegmentRange } from './playlists.ts';

export interface ProgrammeWindow {
  /** Programme start and stop, epoch ms (spec §3 Programme). */
  start: number;
  stop: number;
}

export type CatchupCut =
  | { ok: true; range: SegmentRange; ended: boolean }
  | { ok: false; reason: 'invalid' | 'not-started' | 'too-old' };

const DAY_MS = 24 * 3600 * 1000;

/**
 * The segments of a programme for catch-up: every 2 s segment that overlaps [start, stop). Over (its last
 * segment is complete) → the whole programme, to be served as VOD with ENDLIST; still on air → the part
 * so far, served as EVENT. A programme that has not started, or started more than `playbackDurationDays`
 * days ago (spec §4: the catch-up window), cannot be cut.
 */
export function cutCatchup(
  p: ProgrammeWindow,
  nowMs: number,
  segmentSec: number,
  playbackDurationDays?: number,
): CatchupCut {
  const segMs = segmentSec * 1000;
  if (!Number.isSafeInteger(p.start) || !Number.isSafeInteger(p.stop) || p.stop <= p.start || p.start < 0)
    return { ok: false, reason: 'invalid' };
  if (p.start >= nowMs) return { ok: false, reason: 'not-started' };
  if (playbackDurationDays !== undefined && p.start < nowMs - playbackDurationDays * DAY_MS)
    return { ok: false, reason: 'too-old' };
  const first = Math.floor(p.start / segMs);
  const lastOfProgramme = Math.ceil(p.stop / segMs) - 1;
  const edge = liveEdge(nowMs, segmentSec);
  return {
    ok: true,
    range: { first, last: Math.min(lastOfProgramme, edge) },
    ended: lastOfProgramme <= edge,
  };
}
