import type { PlayerEvents, TrackPreference } from '@ottkit/player';
import { atom } from 'nanostores';

/**
 * The viewer's audio and subtitle languages (issue 20 §3, decision 0291), remembered in this browser per
 * profile: `$trackScope` is the profile whose choices apply (`pickTrackProfile` when the profile list is
 * known; 'default' before any). The player is handed `trackPreference(lang)` and reports choices through
 * `rememberTrack`; the viewer's language (the page's) is the default when nothing was chosen.
 */
export const TRACK_PREFERENCE_KEY = 'ottkit.tracks';

/** The profile last picked in this browser and its language: `${TRACK_PREFERENCE_KEY}.profile`. */
const PROFILE_KEY = `${TRACK_PREFERENCE_KEY}.profile`;

type PickedProfile = { scope: string; lang?: string };

function readProfile(): PickedProfile {
  try {
    const raw = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? '{}') as Record<string, unknown>;
    const scope = typeof raw.scope === 'string' && /^[\w-]{1,64}$/.test(raw.scope) ? raw.scope : 'default';
    return { scope, lang: tag(raw.lang) };
  } catch {
    return { scope: 'default' };
  }
}

export const $trackScope = atom(typeof localStorage === 'undefined' ? 'default' : readProfile().scope);

/**
 * The profile the viewer picked (issue 20 §2): its choices apply from now on, and its language is the default
 * before any choice. Kept in this browser, so the player page knows it without asking the server.
 */
export function pickTrackProfile(profileId: string, lang: string) {
  $trackScope.set(profileId);
  try {
    localStorage.setItem(PROFILE_KEY, JSON.stringify({ scope: profileId, lang }));
  } catch {
    // Storage refused: this page keeps the scope; the next one falls back to the page's language.
  }
}

type Stored = Pick<TrackPreference, 'audio' | 'text'>;

const keyOf = (scope: string) => `${TRACK_PREFERENCE_KEY}.${scope}`;

/** Only short language tags (or 'off') are taken back: storage is not trusted input. */
const tag = (v: unknown) =>
  typeof v === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(v) ? v : undefined;

function read(scope: string): Stored {
  try {
    const raw = JSON.parse(localStorage.getItem(keyOf(scope)) ?? '{}') as Record<string, unknown>;
    return { audio: tag(raw.audio), text: tag(raw.text) };
  } catch {
    return {};
  }
}

/**
 * What the player should prefer for the current profile: its remembered choices, else the picked profile's
 * language, else the page's language `lang`.
 */
export function trackPreference(lang: string): TrackPreference {
  if (typeof localStorage === 'undefined') return { language: lang };
  const scope = $trackScope.get();
  const profile = readProfile();
  const language = (profile.scope === scope && profile.lang) || lang;
  return { language, ...read(scope) };
}

/** Keeps what the viewer chose in the player's menus (not the player's own automatic picks). */
export function rememberTrack(change: PlayerEvents['trackchange']) {
  if (!change.byViewer) return;
  const scope = $trackScope.get();
  const next = { ...read(scope) };
  if (change.kind === 'audio' && change.track) next.audio = change.track.language;
  if (change.kind === 'text') next.text = change.track?.language ?? 'off';
  try {
    localStorage.setItem(keyOf(scope), JSON.stringify(next));
  } catch {
    // Storage refused: the choice holds for this page only (the player keeps it until it is closed).
  }
}
