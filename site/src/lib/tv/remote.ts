import { type Direction, nearest } from './spatial.ts';

/**
 * The TV remote in the tv layout (issue 20 §4, decision 0266): arrows move focus to the nearest control in that
 * direction and scroll rows, lists and the guide grid to keep it in view; OK is Enter (buttons and links act on
 * it natively); Back (Escape or Backspace) closes the open dialog, else goes back a page. Keys a control or a
 * page already handled (the player's seek and volume, channel zapping, a text field's caret) are left alone.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/**
 * Controls whose arrow keys are their own: a caret moves ←/→ in a text field, a slider's value moves every way, a
 * text area's caret every way. A select does not keep them in the tv layout: OK opens it, arrows move on.
 */
const OWNS_SIDEWAYS =
  'input:not([type="button"]):not([type="submit"]):not([type="checkbox"]):not([type="radio"]), textarea, [contenteditable="true"], [role="slider"]';
const OWNS_ALL = 'input[type="range"], textarea, [contenteditable="true"], [role="slider"]';
const DIALOG = 'dialog[open], [role="dialog"], [role="alertdialog"]';
const ARROWS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** The nearest scrolling ancestor that hides `el` entirely (a guide entry scrolled out of its list), or null. */
function hiddenBy(el: HTMLElement): HTMLElement | null {
  let { left, top, right, bottom } = el.getBoundingClientRect();
  for (let a = el.parentElement; a; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const r = a.getBoundingClientRect();
    left = Math.max(left, r.left);
    top = Math.max(top, r.top);
    right = Math.min(right, r.right);
    bottom = Math.min(bottom, r.bottom);
    if (right <= left || bottom <= top) return a;
  }
  return null;
}

/**
 * The controls the remote can reach from `active`: inside the open dialog when there is one (it is modal on a
 * TV); not a container that holds other controls (the player's region: arrows go to its buttons); and a control
 * scrolled out of its list only from inside that list (the next entry of a row or of the guide), so a list
 * scrolled away never pulls focus back into it.
 */
export function reachable(doc: Document, active: Element | null = doc.activeElement): HTMLElement[] {
  const dialogs = [...doc.querySelectorAll<HTMLElement>(DIALOG)].filter((d) => d.checkVisibility?.() ?? true);
  const scope: ParentNode = dialogs.at(-1) ?? doc;
  const all = [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el.closest('[inert], [aria-hidden="true"]')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (el.checkVisibility?.({ visibilityProperty: true }) ?? true);
  });
  return all.filter((el) => {
    if (el !== active && isContainer(el) && all.some((other) => other !== el && el.contains(other)))
      return false;
    const hider = hiddenBy(el);
    return !hider || (active !== null && hider.contains(active));
  });
}

const CONTROL =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="option"], [role="gridcell"], [role="menuitem"]';
/** A focusable that is not a control: a region with its own keys (the player's). */
const isContainer = (el: Element) => !el.matches(CONTROL);

/** Moves focus one step in `direction`; true when it moved. */
export function move(doc: Document, direction: Direction): boolean {
  const active = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const items = reachable(doc, active);
  const fromInside = active && items.includes(active) ? active : null;
  let target: HTMLElement | undefined;
  if (!fromInside) {
    // Nothing focused yet (or focus left the reachable set): the first control in view of the page's content
    // (the header is one ↑ away), else the first in view.
    const h = doc.defaultView?.innerHeight ?? Number.POSITIVE_INFINITY;
    const inView = items.filter((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < h;
    });
    target = inView.find((el) => el.closest('main')) ?? inView[0];
  } else {
    const others = items.filter((el) => el !== fromInside);
    const i = nearest(
      fromInside.getBoundingClientRect(),
      others.map((el) => el.getBoundingClientRect()),
      direction,
    );
    target = others[i];
  }
  if (!target) return false;
  target.focus({ preventScroll: true });
  // Rows, the channel list and the guide grid scroll just enough to show the focused control.
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return true;
}

/** Back: close the open dialog (as its own Escape does), else the previous page. */
export function back(doc: Document): void {
  const dialog = [...doc.querySelectorAll<HTMLElement>(DIALOG)].at(-1);
  if (dialog) {
    const at = dialog.contains(doc.activeElement) ? (doc.activeElement as HTMLElement) : dialog;
    at.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    return;
  }
  doc.defaultView?.history.back();
}

/**
 * Two listeners on the window. Capturing, before the page: an arrow on a focused control moves focus (on a TV the
 * remote's arrows are for moving; the set has its own volume keys), except ←/→ on a region with its own keys (the
 * player seeks) and any arrow with nothing focused (live TV zaps). Bubbling, after the page: an arrow nobody
 * handled moves focus, and Back.
 */
export function startTvRemote(doc: Document): () => void {
  const win = doc.defaultView;
  if (!win) return () => {};
  const usable = (e: KeyboardEvent) =>
    // Back's own Escape, sent to the dialog, is not the remote's again.
    e.isTrusted && !e.defaultPrevented && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
  const sideways = (key: string) => key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Backspace';
  const ownsArrows = (e: KeyboardEvent) =>
    e.target instanceof Element && e.target.closest(sideways(e.key) ? OWNS_SIDEWAYS : OWNS_ALL) !== null;
  const first = (e: KeyboardEvent) => {
    const direction = ARROWS[e.key];
    const active = doc.activeElement;
    if (!direction || !usable(e) || ownsArrows(e) || !active || active === doc.body) return;
    if ((direction === 'left' || direction === 'right') && isContainer(active)) return;
    if (move(doc, direction)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const after = (e: KeyboardEvent) => {
    if (!usable(e)) return;
    const direction = ARROWS[e.key];
    if (direction) {
      if (!ownsArrows(e) && move(doc, direction)) e.preventDefault();
      return;
    }
    if (e.key === 'Escape' || e.key === 'Backspace') {
      if (e.key === 'Backspace' && ownsArrows(e)) return;
      e.preventDefault();
      back(doc);
    }
  };
  win.addEventListener('keydown', first, true);
  win.addEventListener('keydown', after);
  return () => {
    win.removeEventListener('keydown', first, true);
    win.removeEventListener('keydown', after);
  };
}
