import { describe, expect, it } from 'vitest';
import { INITIAL_SNAPSHOT } from './core/snapshot.ts';
import type { ErrorKind, PlayerMode, PlayerSnapshot } from './core/types.ts';
import { DEFAULT_MESSAGES as m } from './messages.ts';
import { noticeOf } from './notice.ts';

const failed = (kind: ErrorKind, mode: PlayerMode = 'vod'): PlayerSnapshot => ({
  ...INITIAL_SNAPSHOT,
  mode,
  state: 'error',
  error: { code: 'levelLoadError', message: 'levelLoadError (HTTP 404)', kind },
});

/** Issue 36: "Playback error (levelLoadError)" reached viewers. */
describe('noticeOf', () => {
  it('never shows the engine code, for any kind of error', () => {
    for (const kind of ['media', 'network', 'timeshift', 'drm', 'unsupported'] as const) {
      for (const mode of ['live', 'timeshift', 'catchup', 'vod'] as const) {
        const notice = noticeOf(failed(kind, mode), m);
        expect(notice?.text).toBeTruthy();
        expect(notice?.text).not.toMatch(/levelLoadError|HTTP|\(/);
      }
    }
  });

  it('gives every error an action: back to live for time-shift, retry otherwise', () => {
    expect(noticeOf(failed('timeshift', 'timeshift'), m)).toEqual({
      text: m.timeshiftError,
      action: 'backToLive',
      actionLabel: m.backToLive,
    });
    expect(noticeOf(failed('network'), m)).toEqual({
      text: m.errorNetwork,
      action: 'retry',
      actionLabel: m.retry,
    });
    expect(noticeOf(failed('drm'), m)?.text).toBe(m.errorDrm);
    expect(noticeOf(failed('unsupported'), m)?.text).toBe(m.errorUnsupported);
    expect(noticeOf(failed('media'), m)?.text).toBe(m.playerError);
  });

  it('says a live channel is not available, with a retry', () => {
    expect(noticeOf(failed('network', 'live'), m)?.text).toBe(m.channelUnavailable);
    const unavailable = { ...INITIAL_SNAPSHOT, state: 'loading' as const, unavailable: true };
    expect(noticeOf(unavailable, m)).toEqual({
      text: 'This channel is not available right now. Try again, or pick another channel.',
      action: 'retry',
      actionLabel: 'Retry',
    });
  });

  it('shows nothing while playing or loading normally', () => {
    expect(noticeOf({ ...INITIAL_SNAPSHOT, state: 'loading' }, m)).toBeNull();
    expect(noticeOf({ ...INITIAL_SNAPSHOT, state: 'playing' }, m)).toBeNull();
  });
});
