import type { CatchupRange, EpgProgram } from '@ottkit/api-client';
import { type ProgrammeAction, programmeAction, programmeActionLock } from '@ottkit/ui';
import type { LiveChannel } from '../../lib/liveLineup.ts';
import { promptNoAuthority, type Viewer } from '../../stores/authority.ts';
import { recordedPart } from '../../stores/catchupRange.ts';
import { programmeStatus } from '../../stores/epg.ts';
import { startWatching } from '../../stores/liveHistory.ts';
import { type CatchupProgramme, openCatchup } from '../../stores/playback.ts';
import { setSubscribed } from '../../stores/reminders.ts';
import { $liveNotice, zap } from './actions.ts';

/**
 * What a programme offers (spec §4, programme row by status), for the guide list and the guide grid alike.
 * `isCatchup`: the programme's guide day is catch-up. `range`: what of the channel's past is recorded, when known;
 * a programme that ended before the recording began offers no Playback (issue 36).
 */
export function guideProgrammeAction(
  channel: Pick<LiveChannel, 'canPlayBack' | 'playbackDuration'>,
  p: Pick<EpgProgram, 'start' | 'stop' | 'isCatchup'>,
  opts: { now: number; subscribed: boolean; isCatchup: boolean; range?: CatchupRange | undefined },
): ProgrammeAction {
  const action = programmeAction({
    status: programmeStatus(p, opts.now),
    subscribed: opts.subscribed,
    start: p.start,
    canPlayBack: channel.canPlayBack,
    isCatchup: opts.isCatchup && p.isCatchup,
    playbackDuration: channel.playbackDuration,
    now: opts.now,
  });
  return action === 'playback' && recordedPart(p, opts.range).kind === 'none' ? 'none' : action;
}

/**
 * Plays a past programme of a channel in the catch-up dialog, and reports the play. Rated above the profile, the
 * PIN prompt asks first (`RatedPlayPrompt`), then calls this again with `parentalPin`.
 */
export async function playCatchup(
  channel: Pick<LiveChannel, 'logicalChannelId'>,
  p: CatchupProgramme,
  parentalPin?: string,
) {
  $liveNotice.set(null);
  const opened = await openCatchup(channel.logicalChannelId, p, parentalPin);
  if (opened === true) {
    startWatching({
      logicalChannelId: channel.logicalChannelId,
      programId: p.programId,
      playType: 'catchup',
    });
  } else if (!opened) $liveNotice.set('live.catchupFailed');
}

/**
 * A programme's action, as its button in the guide list (or its block in the grid) takes it: a reminder is set
 * or removed (users only), a past programme plays back (with playback authority), and, from the grid, the
 * programme on air switches to its channel live.
 */
export async function actOnProgramme(
  channel: LiveChannel,
  p: EpgProgram,
  action: ProgrammeAction,
  viewer: Viewer,
): Promise<void> {
  const lock = programmeActionLock(action, channel, viewer);
  if (action === 'subscribe' || action === 'subscribed') {
    if (viewer !== 'user') return promptNoAuthority();
    $liveNotice.set(null);
    await setSubscribed(channel.logicalChannelId, p.programId, action === 'subscribe').catch(() =>
      $liveNotice.set('live.subscribeFailed'),
    );
  } else if (action === 'playback') {
    if (lock !== 'none') return promptNoAuthority();
    await playCatchup(channel, p);
  } else if (action === 'playing') zap(channel.logicalChannelId);
}
