import type { PlayerMessages } from '@ottkit/player/react';
import type { Messages } from '@ottkit/ui';
import type { MessageKey, Translate } from '../../i18n/index.ts';

const UI_KEYS = [
  'favoriteAdd',
  'favoriteRemove',
  'channelNumber',
  'noLiveAuthority',
  'catchupAvailable',
  'catchupLocked',
  'nowPlaying',
  'programmeSubscribe',
  'programmeSubscribed',
  'programmePlaying',
  'programmePlayback',
  'programmeTime',
  'actionLocked',
  'actionPurchase',
  'loading',
  'emptyList',
  'close',
  'noAuthorityTitle',
  'noAuthorityUser',
  'noAuthorityGuest',
  'purchase',
  'loginOrSignUp',
  'reminderTitle',
  'reminderStartsAt',
  'reminderMore',
  'watchNow',
  'ignore',
  'scrollPrevious',
  'scrollNext',
] as const satisfies readonly (keyof Messages)[];

const PLAYER_KEYS = [
  'player',
  'play',
  'pause',
  'mute',
  'unmute',
  'fullscreen',
  'exitFullscreen',
  'pictureInPicture',
  'backToLive',
  'live',
  'favorite',
  'unfavorite',
  'quality',
  'qualityAuto',
  'aspectRatio',
  'aspectAuto',
  'speed',
  'progress',
  'loading',
  'now',
  'next',
  'noAuthority',
  'timeshiftError',
  'backToLiveTip',
  'ok',
  'cancel',
  'playerError',
  'retry',
  'back',
  'playNext',
  'episodes',
  'floatingWindow',
  'audioPosters',
] as const satisfies readonly (keyof PlayerMessages)[];

/** The UI kit's texts in the page language (live area keys `live.ui.<kit key>`). */
export function kitMessages(t: Translate): Partial<Messages> {
  return Object.fromEntries(UI_KEYS.map((k) => [k, t(`live.ui.${k}` as MessageKey)]));
}

/** The player's texts in the page language (live area keys `live.player.<player key>`). */
export function playerMessages(t: Translate): Partial<PlayerMessages> {
  return Object.fromEntries(PLAYER_KEYS.map((k) => [k, t(`live.player.${k}` as MessageKey)]));
}
