import type { playProgressReport, RequestOf } from '@ottkit/api-client';
import { type LocalPosition, rememberPosition } from '../stores/progress.ts';

/** Spec §9: the play-history report interval when the layout config does not set one. */
export const DEFAULT_PLAY_HISTORY_REPORT_INTERVAL_S = 60;
/** How often the player hands us its position; reports still go out only every report interval. */
export const PROGRESS_SAMPLE_MS = 5_000;

export type PlayProgressBody = RequestOf<typeof playProgressReport>;

/** The report fields only the host knows (spec §3 Play-progress report). */
export interface ReportedItem {
  metaId: string;
  videoType: 'MOVIE' | 'EPISODE';
  imdbId: string;
  tmdbId: string;
  episodeNo: number | null;
  seasonNo: number | null;
}

/** What the player reports (its ProgressReport). */
export interface ProgressSample {
  played: boolean;
  playedTime: number;
  playProgress: number;
  totalDuration: number;
  /** The last sample of the item: tab closing (pagehide) or the item left. */
  final: boolean;
}

export interface ProgressReporterOptions {
  item: ReportedItem;
  /** play_history_report_interval of the layout config, seconds. */
  intervalSeconds?: number;
  /** Regular report through the API client. */
  send: (body: PlayProgressBody) => Promise<unknown>;
  /** Report that must survive the page going away (the client's `keepalive` call option). */
  sendOnLeave: (body: PlayProgressBody) => void;
  now?: () => number;
  /** Keeps the position for resume in this browser (default: the $playPositions store). */
  remember?: (position: LocalPosition) => void;
}

export interface ProgressReporter {
  /** Hand over the player's latest position. */
  sample(sample: ProgressSample): void;
  /** The item is left: the last unsent position goes out with keepalive and the timer stops. */
  stop(): void;
}

const sameReport = (a: ProgressSample, b: ProgressSample | null) =>
  b !== null && a.playedTime === b.playedTime && a.played === b.played && a.totalDuration === b.totalDuration;

/**
 * Reports where the viewer is in a title (spec §4 background refresh): every `intervalSeconds` while the
 * position moves, at once when the title ends, and with keepalive when the viewer leaves. A failed report is
 * retried at the next tick with the newest position.
 */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const intervalMs = Math.max(1, options.intervalSeconds ?? DEFAULT_PLAY_HISTORY_REPORT_INTERVAL_S) * 1000;
  const now = options.now ?? Date.now;
  const remember = options.remember ?? rememberPosition;
  let latest: ProgressSample | null = null;
  let lastSent: ProgressSample | null = null;
  let stopped = false;

  const body = (s: ProgressSample): PlayProgressBody => ({
    ...options.item,
    played: s.played,
    playedTime: Math.max(0, Math.round(s.playedTime)),
    playProgress: Math.min(100, Math.max(0, Math.round(s.playProgress * 10) / 10)),
    totalDuration: Math.max(0, Math.round(s.totalDuration)),
  });

  const send = () => {
    const s = latest;
    if (!s || sameReport(s, lastSent) || s.totalDuration <= 0) return;
    lastSent = s;
    options.send(body(s)).catch(() => {
      // Forget it was sent, so the next tick tries again with whatever is newest then.
      if (lastSent === s) lastSent = null;
    });
  };
  const sendOnLeave = () => {
    const s = latest;
    if (!s || sameReport(s, lastSent) || s.totalDuration <= 0) return;
    lastSent = s;
    options.sendOnLeave(body(s));
  };

  const timer = setInterval(send, intervalMs);

  return {
    sample(s) {
      // The player's last word can arrive just after the item was left (it unmounts after us).
      if (stopped && !s.final) return;
      latest = s;
      if (s.totalDuration > 0) {
        remember({
          metaId: options.item.metaId,
          playedTime: s.playedTime,
          totalDuration: s.totalDuration,
          played: s.played,
          updatedAt: now(),
        });
      }
      if (s.final) sendOnLeave();
      else if (s.played) send();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      sendOnLeave();
    },
  };
}
