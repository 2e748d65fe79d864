/** Every text the player shows or announces. English defaults; the host passes translations (any subset). */
export interface PlayerMessages {
  player: string;
  play: string;
  pause: string;
  mute: string;
  unmute: string;
  fullscreen: string;
  exitFullscreen: string;
  pictureInPicture: string;
  backToLive: string;
  live: string;
  favorite: string;
  unfavorite: string;
  quality: string;
  qualityAuto: string;
  aspectRatio: string;
  aspectAuto: string;
  /** The audio language menu (issue 20 §3). */
  audioTrack: string;
  /** The subtitles menu and its "off" entry. */
  subtitles: string;
  subtitlesOff: string;
  speed: string;
  progress: string;
  loading: string;
  now: string;
  next: string;
  noAuthority: string;
  /** Spec §8 "time-shift play error tip". */
  timeshiftError: string;
  /** Spec §8 "back to live tip" (programme overrun confirmation). */
  backToLiveTip: string;
  ok: string;
  cancel: string;
  /** A stream that failed to play (media error, anything without a closer text). A sentence, never a code. */
  playerError: string;
  /** A catch-up or VOD stream that could not be fetched (an origin down, a playlist missing: not only the viewer's network). */
  errorNetwork: string;
  /** Protected content this device or browser cannot unlock. */
  errorDrm: string;
  /** A format this browser cannot play. */
  errorUnsupported: string;
  /** A live channel whose stream does not answer (issue 36); the player keeps trying behind it. */
  channelUnavailable: string;
  retry: string;
  back: string;
  playNext: string;
  episodes: string;
  /** Spec §8 "playing in floating window". */
  floatingWindow: string;
  audioPosters: string;
  /** The live delay setting (issue 41): its menu and its two choices. */
  delay: string;
  delayLowest: string;
  delayStable: string;
  /** The button that shows or hides the statistics overlay, and the overlay's name. */
  statistics: string;
  /** The overlay's rows: the mode (low latency, standard, or standard after repeated stalls) … */
  statsMode: string;
  statsLowLatency: string;
  statsStandard: string;
  statsFellBack: string;
  /** … the delay to the source (wall clock minus the picture's date), the engine's target, buffer, rendition. */
  statsLatency: string;
  statsTarget: string;
  statsBuffer: string;
  statsRendition: string;
}

export const DEFAULT_MESSAGES: PlayerMessages = {
  player: 'Video player',
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  pictureInPicture: 'Picture in picture',
  backToLive: 'Back to live',
  live: 'Live',
  favorite: 'Favorite',
  unfavorite: 'Remove from favorites',
  quality: 'Quality',
  qualityAuto: 'Auto',
  aspectRatio: 'Aspect ratio',
  aspectAuto: 'Auto',
  audioTrack: 'Audio',
  subtitles: 'Subtitles',
  subtitlesOff: 'Off',
  speed: 'Speed',
  progress: 'Progress',
  loading: 'Loading',
  now: 'Now',
  next: 'Next',
  noAuthority: 'You do not have access to this channel.',
  timeshiftError: 'Time-shift playback failed. Please go back to live.',
  backToLiveTip: 'This programme has ended. Go back to live?',
  ok: 'OK',
  cancel: 'Cancel',
  playerError: 'This video could not be played. Try again, or pick something else.',
  errorNetwork: 'This video could not be loaded right now. Try again in a moment.',
  errorDrm: 'This video is protected and cannot play on this device.',
  errorUnsupported: 'This browser cannot play this video. Try another browser or device.',
  channelUnavailable: 'This channel is not available right now. Try again, or pick another channel.',
  retry: 'Retry',
  back: 'Back',
  playNext: 'Play next',
  episodes: 'Episodes',
  floatingWindow: 'Playing in floating window',
  audioPosters: 'Audio posters',
  delay: 'Delay',
  delayLowest: 'Lowest delay',
  delayStable: 'Most stable',
  statistics: 'Statistics',
  statsMode: 'Mode',
  statsLowLatency: 'Low latency',
  statsStandard: 'Standard',
  statsFellBack: 'Standard (low latency stopped after repeated stalls)',
  statsLatency: 'Delay to source',
  statsTarget: 'Target delay',
  statsBuffer: 'Buffer',
  statsRendition: 'Rendition',
};

export function withMessages(partial?: Partial<PlayerMessages>): PlayerMessages {
  return partial ? { ...DEFAULT_MESSAGES, ...partial } : DEFAULT_MESSAGES;
}
