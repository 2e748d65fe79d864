/* Without zod: the browser entry (@ottkit/api-client/client) exports these for the site's notice rules. */

/**
 * Notice display modes (spec §4). Marquee: 0 live TV, 1 login, 2 also in playback, 11 everywhere; 10 the
 * channel marquee (on the channels in displayChannel). Popup: 3 live TV, 4 login, 5 playback, 12 home,
 * 13 VOD routes, 14 my-account routes, 15 VOD player.
 */
export const NoticeMode = {
  MARQUEE_LIVE_TV: 0,
  MARQUEE_LOGIN: 1,
  MARQUEE_PLAYBACK: 2,
  POPUP_LIVE_TV: 3,
  POPUP_LOGIN: 4,
  POPUP_PLAYBACK: 5,
  CHANNEL_MARQUEE: 10,
  MARQUEE_EVERYWHERE: 11,
  POPUP_HOME: 12,
  POPUP_VOD: 13,
  POPUP_MY: 14,
  POPUP_VOD_PLAYER: 15,
} as const;
export const MARQUEE_MODES: readonly number[] = [0, 1, 2, 11];
export const CHANNEL_MARQUEE_MODE = 10;
export const POPUP_MODES: readonly number[] = [3, 4, 5, 12, 13, 14, 15];
