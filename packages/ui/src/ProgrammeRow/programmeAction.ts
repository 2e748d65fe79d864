/** Programme status (spec §3): the guide says whether a programme is on air, over, or still to come. */
export type ProgrammeStatus = 'playing' | 'finished' | 'notStart';

/** The one action button a programme row shows (spec §4); `none` shows no button. */
export type ProgrammeAction = 'subscribe' | 'subscribed' | 'playing' | 'playback' | 'none';

/** Which mark the action button carries when the viewer lacks the authority it needs. */
export type ProgrammeActionLock = 'none' | 'lock' | 'purchase';

const DAY_MS = 86_400_000;

export interface ProgrammeActionInput {
  status: ProgrammeStatus;
  /** The programme's subscribe flag (a reminder is set). */
  subscribed: boolean;
  /** Programme start, epoch ms. */
  start: number;
  /** The channel allows catch-up (`canPlayBack`). */
  canPlayBack: boolean;
  /** The programme's guide is catch-up (`isCatchup` of its EPG). */
  isCatchup: boolean;
  /** The channel's catch-up window in days. */
  playbackDuration: number;
  /** Now, epoch ms (passed in so the rule is pure). */
  now: number;
}

/**
 * Spec §4, programme row by status: notStart → Subscribe or Subscribed; playing → Playing; finished →
 * Playback only when the channel allows it, the programme is catch-up and it started within
 * playbackDuration days; otherwise no button.
 *
 * @example programmeAction({ status: 'finished', subscribed: false, start, canPlayBack: true,
 *   isCatchup: true, playbackDuration: 7, now: Date.now() }) // 'playback'
 */
export function programmeAction(input: ProgrammeActionInput): ProgrammeAction {
  switch (input.status) {
    case 'notStart':
      return input.subscribed ? 'subscribed' : 'subscribe';
    case 'playing':
      return 'playing';
    case 'finished':
      return input.canPlayBack &&
        input.isCatchup &&
        isWithinCatchupWindow(input.start, input.playbackDuration, input.now)
        ? 'playback'
        : 'none';
  }
}

/** A start is inside the catch-up window when it lies at most `playbackDuration` days before now. */
export function isWithinCatchupWindow(start: number, playbackDuration: number, now: number): boolean {
  return playbackDuration > 0 && start <= now && now - start <= playbackDuration * DAY_MS;
}

/**
 * Spec §4: a lock or purchase mark on the button when the viewer lacks authority. Playing needs live
 * authority, Playback needs playback authority; a reminder needs none. Guests get the lock (they log in first),
 * users the purchase mark (they can buy a plan).
 */
export function programmeActionLock(
  action: ProgrammeAction,
  authority: { liveAuthority: boolean; playBackAuthority: boolean },
  viewer: 'guest' | 'user',
): ProgrammeActionLock {
  const allowed =
    action === 'playing'
      ? authority.liveAuthority
      : action === 'playback'
        ? authority.playBackAuthority
        : true;
  if (allowed) return 'none';
  return viewer === 'guest' ? 'lock' : 'purchase';
}
