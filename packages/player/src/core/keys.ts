import type { PlayerMode } from './types.ts';

export type KeyAction =
  | { type: 'togglePlay' }
  | { type: 'fullscreen' }
  | { type: 'mute' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'close' };

/** Seconds one arrow press seeks in catch-up and VOD. */
export const SEEK_STEP_S = 10;
export const VOLUME_STEP = 0.1;

/**
 * The keyboard map shared by every face: space/k play-pause, f full screen, m mute, ←/→ seek (catch-up, VOD),
 * ↑/↓ volume, Esc close. Live has nothing to seek by arrow (time-shift is a bar click), so arrows do nothing there.
 */
export function keyAction(key: string, mode: PlayerMode): KeyAction | null {
  switch (key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'togglePlay' };
    case 'f':
    case 'F':
      return { type: 'fullscreen' };
    case 'm':
    case 'M':
      return { type: 'mute' };
    case 'ArrowLeft':
    case 'ArrowRight': {
      if (mode === 'live' || mode === 'timeshift') return null;
      return { type: 'seekBy', seconds: key === 'ArrowLeft' ? -SEEK_STEP_S : SEEK_STEP_S };
    }
    case 'ArrowUp':
      return { type: 'volumeBy', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -VOLUME_STEP };
    case 'Escape':
      return { type: 'close' };
    default:
      return null;
  }
}
