import type { PlayerEvents, TrackPreference } from '@ottkit/player';
import { atom } from 'nanostores';

/**
 * The viewer's audio and subtitle languages (issue 20 §3, decision 0291), remembered in this browser per
 * profile: `$trackScope` is the profile whose choices apply (profiles set it when one is picked; 'default' for
 * an account without profiles). The player is handed `trackPreference(lang)` and reports choices through
 * `rememberTrack`; the viewer's language (the page's) is the default when nothing was chosen.
 */
export const TRACK_PREFERENCE_KEY = 'ottkit.tracks';

export const $trackScope = atom('default');

type Stored = Pick<TrackPreference, 'audio' | 'text'>;

const keyOf = (scope: string) => `${TRACK_PREFERENCE_KEY}.${scope}`;

function read(scope: string): Stored {
  try {
    const raw = JSON.parse(localStorage.getItem(keyOf(scope)) ?? '{}') as Record<string, unknown>;
    // Only short language tags (or 'off') are taken back: storage is not trusted input.
    const tag = (v: unknown) =>
      typeof v === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(v) ? v : undefined;
    return { audio: tag(raw.audio), text: tag(raw.text) };
  } catch {
    return {};
  }
}

/** What the player should prefer for the current profile, in the page's language `lang`. */
export function trackPreference(lang: string): TrackPreference {
  const stored = typeof localStorage === 'undefined' ? {} : read($trackScope.get());
  return { language: lang, ...stored };
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
