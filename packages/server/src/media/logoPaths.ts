/**
 * The names of channel logos, apart from `drawnLogo.ts` which rasterises them with ffmpeg: the domain, the store,
 * the seed and the importers only name a logo, so they import this file and start no process (decision 0369).
 */

/** Where logos live under the data folder: imported ones at the top, drawn ones in `drawn/`. */
export const LOGO_DIR = 'logos';

/** The address of a channel's drawn logo (the default of every channel without one of its own). */
export const drawnLogoUrl = (logicalChannelId: string) => `/media/logo/${logicalChannelId}.png`;
