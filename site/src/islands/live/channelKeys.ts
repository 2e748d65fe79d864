import { useEffect } from 'react';
import { $columnChannels, $lineup, $selectedChannelId, selectChannel } from '../../stores/channels.ts';

/**
 * Where the arrow keys already mean something: text fields, menus, sliders (the time-shift bar), grids, lists
 * that move a selection, and dialogs (the catch-up and VOD players use ↑/↓ for volume).
 */
const ARROW_OWNERS = [
  'input',
  'textarea',
  'select',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[role="listbox"]',
  '[role="menu"]',
  '[role="menubar"]',
  '[role="radiogroup"]',
  '[role="grid"]',
  // The guide grid's scroller: its buttons are owned by the grid's rows, not inside the grid (decision 0353).
  '[data-guide-grid]',
  '[role="tree"]',
  '[role="slider"]',
  '[role="spinbutton"]',
  '[role="combobox"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
].join(',');

/** True when an arrow key pressed on `target` belongs to it rather than to channel zapping. */
export function arrowsBelongTo(target: EventTarget | null): boolean {
  return typeof Element !== 'undefined' && target instanceof Element && target.closest(ARROW_OWNERS) !== null;
}

/**
 * The channel one step up (↑, the previous in the list) or down (↓, the next) from `selectedId`, wrapping at the
 * ends; null when there is nowhere to go.
 */
export function channelStep(
  ids: readonly string[],
  selectedId: string | null,
  key: 'ArrowUp' | 'ArrowDown',
): string | null {
  if (ids.length === 0) return null;
  const at = selectedId === null ? -1 : ids.indexOf(selectedId);
  if (at < 0) return ids[0] ?? null;
  const next = ids[(at + (key === 'ArrowDown' ? 1 : -1) + ids.length) % ids.length] ?? null;
  return next === selectedId ? null : next;
}

/**
 * Channel up/down with ↑/↓ while watching on /liveTv, along the category the list shows (the whole line-up when
 * the channel watched is not in it). Keys already handled (the focused player's volume) and keys that belong to
 * the focused control are left alone. Zapping by key plays a locked channel's fallback clip without the purchase
 * prompt, which would stop the zapping.
 */
export function useChannelKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (arrowsBelongTo(e.target)) return;
      // The tv layout (decision 0266): arrows on a focused control move the remote's focus; they zap only with
      // nothing focused, as on a TV while watching.
      if (document.documentElement.dataset.layout === 'tv' && e.target !== document.body) return;
      const selected = $selectedChannelId.get();
      const column = $columnChannels.get().map((c) => c.logicalChannelId);
      const ids =
        selected && column.includes(selected) ? column : $lineup.get().map((c) => c.logicalChannelId);
      const next = channelStep(ids, selected, e.key);
      if (!next) return;
      e.preventDefault(); // the page does not scroll as well
      selectChannel(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
