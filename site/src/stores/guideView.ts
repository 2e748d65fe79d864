import { atom } from 'nanostores';

/** How /liveTv shows the guide: the selected channel's day as a list, or every channel in a time grid. */
export type GuideView = 'list' | 'grid';

/** Where the viewer's choice is remembered (this browser). */
export const GUIDE_VIEW_KEY = 'ottkit.guideView';

/** The server renders the list; the island restores the remembered view once it is interactive. */
export const $guideView = atom<GuideView>('list');

export function setGuideView(view: GuideView) {
  $guideView.set(view);
  try {
    localStorage.setItem(GUIDE_VIEW_KEY, view);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
}

/** Browser only, after hydration (the first render matches the server's). */
export function restoreGuideView() {
  try {
    const stored = localStorage.getItem(GUIDE_VIEW_KEY);
    if (stored === 'grid' || stored === 'list') $guideView.set(stored);
  } catch {
    // No storage: the list, as rendered.
  }
}
