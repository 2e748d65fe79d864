import type { Channel } from '@ottkit/api-client';
import { atom } from 'nanostores';
import type { MessageKey } from '../i18n/index.ts';
import { playErrorKey } from '../lib/playErrorKey.ts';

export { playErrorKey };

/** What the site asks the media side for: a signed live URL, or a catch-up URL for one programme. */
export type PlayRequest =
  | { logicalChannelId: string; kind: 'live' }
  | { logicalChannelId: string; kind: 'catchup'; start: number; stop: number };
/** The answer: the URL to play; without authority the server gives the fallback clip instead (spec §4). */
export interface PlayAnswer {
  url: string;
  authority: boolean;
  /** DRM the player needs for this stream (ClearKey through the licence endpoint); none for clear or AES-128. */
  drm?: PlayDrm;
}
/** The player's DRM settings for a protected stream (see @ottkit/player's DrmConfig). */
export interface PlayDrm {
  clearKeyLicenseUrl?: string;
  widevineLicenseUrl?: string;
  playreadyLicenseUrl?: string;
  fairplayLicenseUrl?: string;
}

/** How play URLs are fetched; set by playbackSource.ts (the contract call) and by tests. */
let requestPlayUrl: (req: PlayRequest) => Promise<PlayAnswer> = async () => {
  throw new Error('no play URL source');
};
export function setPlayUrlSource(fn: (req: PlayRequest) => Promise<PlayAnswer>) {
  requestPlayUrl = fn;
}
export function playUrl(req: PlayRequest) {
  return requestPlayUrl(req);
}

export type LivePlayback =
  | { state: 'idle' }
  | { state: 'loading'; logicalChannelId: string }
  | { state: 'ready'; logicalChannelId: string; url: string; authority: boolean; drm?: PlayDrm }
  | { state: 'error'; logicalChannelId: string; messageKey: MessageKey };

/** The signed stream address of the channel being watched. */
export const $livePlayback = atom<LivePlayback>({ state: 'idle' });

/** Asks for the channel's live URL; the latest request wins when the viewer zaps quickly. */
export async function loadLivePlayback(channel: Pick<Channel, 'logicalChannelId'>) {
  const { logicalChannelId } = channel;
  $livePlayback.set({ state: 'loading', logicalChannelId });
  try {
    const answer = await requestPlayUrl({ logicalChannelId, kind: 'live' });
    if (current() === logicalChannelId) {
      $livePlayback.set({ state: 'ready', logicalChannelId, ...answer });
    }
  } catch (e) {
    if (current() !== logicalChannelId) return;
    $livePlayback.set({ state: 'error', logicalChannelId, messageKey: playErrorKey(e) });
  }
}

function current() {
  const p = $livePlayback.get();
  return p.state === 'idle' ? null : p.logicalChannelId;
}

export interface CatchupProgramme {
  programId: string;
  title: string;
  start: number;
  stop: number;
}

/** A programme played back from the guide (catch-up dialog); null when the dialog is closed. */
export type Catchup =
  | { state: 'loading'; logicalChannelId: string; programId: string; programme: CatchupProgramme }
  | {
      state: 'ready';
      logicalChannelId: string;
      programId: string;
      /** What the dialog shows; kept here so the dialog does not depend on the guide list being loaded. */
      programme: CatchupProgramme;
      url: string;
      authority: boolean;
      drm?: PlayDrm;
    };
export const $catchup = atom<Catchup | null>(null);

/** Opens the catch-up dialog on one programme; fails (and closes) when the server refuses it. */
export async function openCatchup(logicalChannelId: string, programme: CatchupProgramme): Promise<boolean> {
  const { programId, title, start, stop } = programme;
  const shown = { programId, title, start, stop };
  $catchup.set({ state: 'loading', logicalChannelId, programId, programme: shown });
  try {
    const answer = await requestPlayUrl({ logicalChannelId, kind: 'catchup', start, stop });
    const c = $catchup.get();
    if (c?.programId === programId)
      $catchup.set({ state: 'ready', logicalChannelId, programId, programme: shown, ...answer });
    return true;
  } catch {
    if ($catchup.get()?.programId === programId) $catchup.set(null);
    return false;
  }
}

export function closeCatchup() {
  $catchup.set(null);
}
