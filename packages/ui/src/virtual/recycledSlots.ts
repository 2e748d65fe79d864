/**
 * Row nodes reused as a virtual list scrolls (decision 0321). A row leaving the window gives its node (its React
 * key) to a row entering, so React updates a few texts and attributes of an element it already has instead of
 * creating one subtree and dropping another: less garbage per frame, which is what made the long tasks while
 * scrolling 10,000 channels (decision 0297). Plain functions, no React, so they are tested without a DOM.
 */

/** One rendered node: its React key (stable while the node lives) and the item it shows now. */
export interface Slot<T> {
  key: number;
  item: T;
}

/**
 * The nodes for `wanted` (in the order they are drawn, which is the DOM's order), reusing those of `previous`
 * (the last render's, in the same order): an item still wanted keeps its node; an item entering takes the node
 * of an item that left, or a new key from `newKey`.
 *
 * A node is reused only where React will not move a kept node for it (React keeps a node in place while the old
 * places it meets only rise, and moves the others): an entering item takes a free node whose old place is before
 * the old place of the next kept item. So kept rows, and the one holding the focus among them, are never
 * detached (moving a focused element loses its focus): scrolling down reuses the nodes that left the top;
 * scrolling up, whose free nodes were below every kept one, creates new ones as before. `id` names an item
 * across renders (a row's index, a programme's id); `wanted` holds each id once.
 */
export function recycleSlots<T, K>(
  previous: readonly Slot<T>[],
  wanted: readonly T[],
  id: (item: T) => K,
  newKey: () => number,
): Slot<T>[] {
  const oldPlace = new Map<K, number>();
  for (const [place, slot] of previous.entries()) oldPlace.set(id(slot.item), place);
  const wantedIds = new Set<K>();
  for (const item of wanted) wantedIds.add(id(item));
  // The old places of the nodes whose items left, in order.
  const free: number[] = [];
  previous.forEach((slot, place) => {
    if (!wantedIds.has(id(slot.item))) free.push(place);
  });
  // For each wanted item, the old place of the next kept item from it on (Infinity when none follows).
  const bound: number[] = new Array(wanted.length);
  let next = Number.POSITIVE_INFINITY;
  for (let i = wanted.length - 1; i >= 0; i--) {
    const place = oldPlace.get(id(wanted[i] as T));
    if (place !== undefined) next = place;
    bound[i] = next;
  }
  let taken = 0;
  return wanted.map((item, i) => {
    const place = oldPlace.get(id(item));
    if (place !== undefined) {
      // The same slot object for the same item: a scroll allocates for the rows entering only.
      const kept = previous[place] as Slot<T>;
      return kept.item === item ? kept : { key: kept.key, item };
    }
    const reuse = free[taken];
    if (reuse !== undefined && reuse < (bound[i] as number)) {
      taken++;
      return { key: (previous[reuse] as Slot<T>).key, item };
    }
    return { key: newKey(), item };
  });
}

/** How a render's items get their nodes: `recycleSlots` (the DOM in the items' order) or `stableSlots`. */
export type SlotPlacement = <T, K>(
  previous: readonly Slot<T>[],
  wanted: readonly T[],
  id: (item: T) => K,
  newKey: () => number,
) => Slot<T>[];

/**
 * Remembers a list's nodes between renders: `place(wanted, id)` answers this render's slots (see
 * `recycleSlots`), the same array while the items are the same. Keep one per list (a React ref); a render React
 * throws away only costs a reuse.
 */
export function slotKeeper<T, K>(id: (item: T) => K, placeBy: SlotPlacement = recycleSlots) {
  let slots: Slot<T>[] = [];
  let keys = 0;
  const newKey = () => keys++;
  return {
    place(wanted: readonly T[]): readonly Slot<T>[] {
      // The same items as last time (a render for another reason): the same slots, nothing allocated.
      if (slots.length === wanted.length && slots.every((slot, i) => slot.item === wanted[i])) return slots;
      slots = placeBy(slots, wanted, id, newKey);
      return slots;
    },
  };
}

/**
 * The nodes for `wanted` where the DOM's order need not follow the items' order (nodes placed by style, and read
 * in order through something else, as the guide grid's rows own their header and blocks): an item still wanted
 * keeps its node, an item entering takes the node of any item that left, and the slots stay in key order, so
 * React never moves or makes a node for a scroll either way (decision 0358). New keys only when more are wanted.
 */
export function stableSlots<T, K>(
  previous: readonly Slot<T>[],
  wanted: readonly T[],
  id: (item: T) => K,
  newKey: () => number,
): Slot<T>[] {
  const wantedById = new Map<K, T>();
  for (const item of wanted) wantedById.set(id(item), item);
  const next: Slot<T>[] = [];
  const free: number[] = [];
  for (const slot of previous) {
    const key = id(slot.item);
    const item = wantedById.get(key);
    if (item === undefined) {
      free.push(next.length);
      next.push(slot);
      continue;
    }
    wantedById.delete(key);
    next.push(item === slot.item ? slot : { key: slot.key, item });
  }
  // The items entering, in their order, take the nodes that left, in key order; then new keys (the highest).
  let taken = 0;
  for (const item of wantedById.values()) {
    const place = free[taken];
    if (place === undefined) next.push({ key: newKey(), item });
    else {
      taken++;
      next[place] = { key: (next[place] as Slot<T>).key, item };
    }
  }
  // Nodes no item took are dropped.
  if (taken < free.length) {
    const dropped = new Set(free.slice(taken));
    return next.filter((_, place) => !dropped.has(place));
  }
  return next;
}
