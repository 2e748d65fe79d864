import type { Channel } from '@ottkit/api-client';
import { atom } from 'nanostores';
import type { MessageKey } from '../i18n/index.ts';
import { playErrorKey } from '../lib/playErrorKey.ts';
import { ratedRefusal } from '../lib/ratedRefusal.ts';

export { playErrorKey };

/** What the site asks the media side for: a signed live URL, or a catch-up URL for one programme. */
export type PlayRequest =
  /** `start`: where the time-shift playlist starts (the server's programme on air when absent). */
  (
    | { logicalChannelId: string; kind: 'live'; start?: number }
    | { logicalChannelId: string; kind: 'catchup'; start: number; stop: number }
  ) & {
    /** Allows a programme rated above the profile's maximum (issue 20 §2); the server checks it. */
    parentalPin?: string;
  };
/** The answer: the URL to play; without authority the server gives the fallback clip instead (spec §4). */
export interface PlayAnswer {
  url: string;
  authority: boolean;
  /** DRM the player needs for this stream (ClearKey through the licence endpoint); none for clear or AES-128. */
  drm?: PlayDrm;
  /** Live: the time-shift (DVR) playlist of the programme on air, and where it starts (epoch ms). */
  timeshiftUrl?: string;
  timeshiftStart?: number;
  /** Epoch ms when the URLs stop working; the player renews them before (`renewLivePlayback`). */
  expiresAt?: number;
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
  | ({ state: 'ready'; logicalChannelId: string } & PlayAnswer)
  | { state: 'error'; logicalChannelId: string; messageKey: MessageKey }
  /** The programme on air is rated above the profile: the PIN prompt asks (`messageKey`: a wrong or locked PIN). */
  | { state: 'rated'; logicalChannelId: string; messageKey?: MessageKey };

/** The signed stream address of the channel being watched. */
export const $livePlayback = atom<LivePlayback>({ state: 'idle' });

/** Live answers asked ahead for the neighbours (stores/warmChannels.ts), each used by one zap at most. */
const warmAnswers = new Map<string, PlayAnswer>();
/** A warm answer is used for a zap only while it has this long to live (the player renews it from there). */
export const WARM_ANSWER_MIN_LIFE_MS = 30_000;
export function rememberWarmAnswer(logicalChannelId: string, answer: PlayAnswer | null) {
  if (answer) warmAnswers.set(logicalChannelId, answer);
  else warmAnswers.delete(logicalChannelId);
}
export function warmAnswer(logicalChannelId: string, now = Date.now()): PlayAnswer | null {
  const a = warmAnswers.get(logicalChannelId);
  const fresh = a?.expiresAt === undefined || a.expiresAt - now > WARM_ANSWER_MIN_LIFE_MS;
  return a && fresh ? a : null;
}

/**
 * The parental PIN that allowed a play above the profile's rating (issue 20 §2), in memory only and for what it
 * was given for: the channel being watched (its renewals ask with it again, since the server refuses every play
 * above the rating), or the programme played back. Zapping away, or a wrong PIN, forgets it.
 */
function pinSlot() {
  let held: { key: string; pin: string } | null = null;
  return {
    /** For a new play of `key`: the PIN given now, else the one held for the same `key` (others are forgotten). */
    use(key: string, given?: string): { parentalPin?: string } {
      if (given) held = { key, pin: given };
      else if (held?.key !== key) held = null;
      return held ? { parentalPin: held.pin } : {};
    },
    /** For a renewal of `key`: the PIN held for it, changing nothing. */
    kept: (key: string) => (held?.key === key ? { parentalPin: held.pin } : {}),
    forget() {
      held = null;
    },
  };
}
const livePins = pinSlot();
const catchupPins = pinSlot();
const catchupKey = (logicalChannelId: string, p: { start: number }) => `${logicalChannelId}|${p.start}`;

/** A refusal the PIN prompt answers (a wrong or locked-out PIN forgets the ones kept). */
async function ratedRefusalHere(e: unknown) {
  const rated = await ratedRefusal(e);
  if (rated?.messageKey) {
    livePins.forget();
    catchupPins.forget();
  }
  return rated;
}

/**
 * Asks for the channel's live URL; the latest request wins when the viewer zaps quickly. A neighbour kept warm
 * already has its answer: the zap plays it at once, with the URLs the player fetched ahead (issue 20 §1).
 * `parentalPin`: asked again with the PIN after a refusal for the programme's rating.
 */
export async function loadLivePlayback(channel: Pick<Channel, 'logicalChannelId'>, parentalPin?: string) {
  const { logicalChannelId } = channel;
  const pin = livePins.use(logicalChannelId, parentalPin);
  const warm = parentalPin ? null : warmAnswer(logicalChannelId);
  warmAnswers.delete(logicalChannelId);
  if (warm) return $livePlayback.set({ state: 'ready', logicalChannelId, ...warm });
  $livePlayback.set({ state: 'loading', logicalChannelId });
  try {
    const answer = await requestPlayUrl({ logicalChannelId, kind: 'live', ...pin });
    if (current() === logicalChannelId) {
      $livePlayback.set({ state: 'ready', logicalChannelId, ...answer });
    }
  } catch (e) {
    if (current() !== logicalChannelId) return;
    const rated = await ratedRefusalHere(e);
    if (current() !== logicalChannelId) return;
    $livePlayback.set(
      rated
        ? { state: 'rated', logicalChannelId, ...rated }
        : { state: 'error', logicalChannelId, messageKey: playErrorKey(e) },
    );
  }
}

/** What the live player is handed when it renews: the same channel's URLs with fresh credentials. */
export interface LiveRenewal {
  src: string;
  timeshiftSrc?: string;
  timeshiftStart?: number;
  expiresAt?: number;
  drm?: PlayDrm;
}

/**
 * Fresh URLs for the channel being watched (decision 0100), asked by the player before they expire. In
 * time-shift the DVR playlist keeps its start so the viewer's position stays in it. When the answer changed
 * authority (a plan ended or began), it is no renewal: the store takes it and the player reloads.
 */
export async function renewLivePlayback(
  logicalChannelId: string,
  timeshiftStart: number | undefined,
): Promise<LiveRenewal | null> {
  const before = $livePlayback.get();
  if (before.state !== 'ready' || before.logicalChannelId !== logicalChannelId) return null;
  const answer = await requestPlayUrl({
    logicalChannelId,
    kind: 'live',
    start: timeshiftStart,
    ...livePins.kept(logicalChannelId),
  });
  const now = $livePlayback.get();
  if (now.state !== 'ready' || now.logicalChannelId !== logicalChannelId) return null;
  if (answer.authority !== now.authority) {
    $livePlayback.set({ state: 'ready', logicalChannelId, ...answer });
    return null;
  }
  const { url, timeshiftUrl, timeshiftStart: start, expiresAt, drm } = answer;
  return { src: url, timeshiftSrc: timeshiftUrl, timeshiftStart: start, expiresAt, drm };
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
  /** Rated above the profile: the PIN prompt asks (`messageKey`: a wrong or locked-out PIN). */
  | {
      state: 'rated';
      logicalChannelId: string;
      programId: string;
      programme: CatchupProgramme;
      messageKey?: MessageKey;
    }
  | {
      state: 'ready';
      logicalChannelId: string;
      programId: string;
      /** What the dialog shows; kept here so the dialog does not depend on the guide list being loaded. */
      programme: CatchupProgramme;
      url: string;
      authority: boolean;
      drm?: PlayDrm;
      /** Epoch ms when the URL stops working; the player renews it before (`renewCatchup`). */
      expiresAt?: number;
    };
export const $catchup = atom<Catchup | null>(null);

/**
 * Opens the catch-up dialog on one programme; fails (and closes) when the server refuses it, or answers 'rated'
 * when the programme is rated above the profile (the PIN prompt asks; `parentalPin` tries again with it).
 */
export async function openCatchup(
  logicalChannelId: string,
  programme: CatchupProgramme,
  parentalPin?: string,
): Promise<boolean | 'rated'> {
  const { programId, title, start, stop } = programme;
  const shown = { programId, title, start, stop };
  const pin = catchupPins.use(catchupKey(logicalChannelId, programme), parentalPin);
  $catchup.set({ state: 'loading', logicalChannelId, programId, programme: shown });
  try {
    const answer = await requestPlayUrl({ logicalChannelId, kind: 'catchup', start, stop, ...pin });
    const c = $catchup.get();
    if (c?.programId === programId)
      $catchup.set({ state: 'ready', logicalChannelId, programId, programme: shown, ...answer });
    return true;
  } catch (e) {
    const rated = await ratedRefusalHere(e);
    const still = $catchup.get()?.programId === programId;
    if (rated && still) {
      $catchup.set({ state: 'rated', logicalChannelId, programId, programme: shown, ...rated });
      return 'rated';
    }
    if (still) $catchup.set(null);
    return false;
  }
}

/**
 * A fresh URL for the programme being played back (decision 0100), asked by the player before it expires.
 * Null when the dialog moved on meanwhile; an answer that lost authority is no renewal: the store takes it.
 */
export async function renewCatchup(programId: string): Promise<LiveRenewal | null> {
  const before = $catchup.get();
  if (before?.state !== 'ready' || before.programId !== programId) return null;
  const { logicalChannelId, programme } = before;
  const answer = await requestPlayUrl({
    logicalChannelId,
    kind: 'catchup',
    start: programme.start,
    stop: programme.stop,
    ...catchupPins.kept(catchupKey(logicalChannelId, programme)),
  });
  const now = $catchup.get();
  if (now?.state !== 'ready' || now.programId !== programId) return null;
  if (answer.authority !== now.authority) {
    $catchup.set({ ...now, ...answer });
    return null;
  }
  return { src: answer.url, expiresAt: answer.expiresAt, drm: answer.drm };
}

export function closeCatchup() {
  $catchup.set(null);
}
