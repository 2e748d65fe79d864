/**
 * What this process's live channels did since it started, for the metrics (`monitoring/metrics.ts`): counters
 * only grow, and Prometheus reads their rate. One set a process: every supervisor of it adds to them.
 */
export const liveCounters = {
  /** ffmpeg processes started for a live source (a start after a failure is a restart). */
  ffmpegStarts: 0,
  /** Failures of a live source (no segment in time, stalled, decode errors, ffmpeg exited, disk full). */
  sourceFailures: 0,
};
