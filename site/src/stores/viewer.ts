import type { UserInfo } from '@ottkit/api-client';
import { atom, computed } from 'nanostores';

/**
 * The viewer's session (spec §4 login status). The tokens never reach page scripts' storage: they live in
 * HttpOnly cookies the server sets (docs/decisions/0090). This store only knows who the viewer is.
 * `loaded: false` until the first answer; `user: null` when there is no session at all.
 * Its actions (load, refresh, visitor login, logout) are in session.ts.
 */
export interface SessionState {
  loaded: boolean;
  user: UserInfo | null;
}
export const $session = atom<SessionState>({ loaded: false, user: null });

/** Spec §4 login status as the page knows it. */
export type Viewer = 'guest' | 'user';

/** What the server rendered the page for (its session cookie), until the browser's session answer is in. */
const $renderedViewer = atom<Viewer>('guest');

/**
 * The page starts from what the server rendered (the live page seeds it while it hydrates); once the session
 * store has its answer, that answer decides (decision 0186).
 */
export function seedViewer(viewer: Viewer) {
  if ($renderedViewer.get() !== viewer) $renderedViewer.set(viewer);
}

/** 'user' or 'guest' (also without a session): guests are asked to log in, users are offered a purchase. */
export const $viewer = computed(
  [$session, $renderedViewer],
  (session, rendered): Viewer =>
    session.loaded ? (session.user?.loginStatus === 'user' ? 'user' : 'guest') : rendered,
);
