import type { PlayerSnapshot } from './core/types.ts';
import type { PlayerMessages } from './messages.ts';

/** What the viewer can do about a notice: play again, or leave time-shift for the live edge. */
export type NoticeAction = 'retry' | 'backToLive';

export interface PlayerNotice {
  text: string;
  action: NoticeAction;
  actionLabel: string;
}

/**
 * The words and the action a face shows for a failed or unavailable stream (issue 36): always a sentence from the
 * messages, never the engine's code (`levelLoadError` and the like go to telemetry only). One place for every
 * face (React player, dialogs, `<ottkit-player>`). null: nothing to show.
 */
export function noticeOf(s: PlayerSnapshot, m: PlayerMessages): PlayerNotice | null {
  const retry = (text: string): PlayerNotice => ({ text, action: 'retry', actionLabel: m.retry });
  if (s.state === 'error' && s.error) {
    switch (s.error.kind) {
      case 'timeshift':
        return { text: m.timeshiftError, action: 'backToLive', actionLabel: m.backToLive };
      case 'network':
        return retry(s.mode === 'live' ? m.channelUnavailable : m.errorNetwork);
      case 'drm':
        return retry(m.errorDrm);
      case 'unsupported':
        return retry(m.errorUnsupported);
      default:
        return retry(m.playerError);
    }
  }
  // A live channel that stopped answering: said in words while the player keeps trying behind it.
  if (s.unavailable) return retry(m.channelUnavailable);
  return null;
}
