/**
 * Where a sideways strip must scroll so one of its items is wholly in view, moving as little as it can (the
 * category bar after a reload opens on a category far along it: issue 36). `start`/`size`: the item's offset
 * and width inside the strip's content; `scroll`/`viewport`: the strip's scroll offset and visible width.
 */
export function scrollToReveal(start: number, size: number, scroll: number, viewport: number): number {
  if (start < scroll) return Math.max(0, start);
  if (start + size > scroll + viewport) return Math.max(0, Math.min(start, start + size - viewport));
  return scroll;
}
