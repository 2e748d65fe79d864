import type { PlayerSnapshot, ProgressReport } from './types.ts';

/** The snapshot before anything loads; also what a server render shows. */
export const INITIAL_SNAPSHOT: PlayerSnapshot = {
  state: 'idle',
  mode: 'live',
  source: null,
  error: null,
  unavailable: false,
  locked: false,
  controlsDisabled: false,
  confirm: null,
  currentTime: 0,
  duration: 0,
  bar: null,
  programme: null,
  qualities: [],
  quality: -1,
  rate: 1,
  muted: false,
  volume: 1,
  aspectRatio: 'auto',
  retries: 0,
  pausedSeconds: 0,
  pictureInPicture: false,
  audioTracks: [],
  audioTrack: null,
  textTracks: [],
  textTrack: null,
  cue: '',
  latencyPreference: 'lowest',
  stats: null,
};

/** The play-progress report (spec §3 fields) for where a snapshot stands; the host's meta is echoed. */
export function progressReport(snap: PlayerSnapshot, final: boolean, played: boolean): ProgressReport {
  const { currentTime, duration, source } = snap;
  const total = Number.isFinite(duration) ? duration : 0;
  return {
    ...source?.meta,
    played,
    playedTime: Math.floor(currentTime),
    playProgress: total > 0 ? Math.min(100, Math.round((currentTime / total) * 100)) : 0,
    totalDuration: Math.floor(total),
    final,
  };
}
