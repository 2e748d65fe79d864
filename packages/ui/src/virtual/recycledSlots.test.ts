import { describe, expect, it } from 'vitest';
import { recycleSlots, type Slot, slotKeeper, stableSlots } from './recycledSlots.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const same = (i: number) => i;

/**
 * What React does with keyed children (reconcileChildrenArray): walking the new order, a node whose old place
 * is below the highest old place kept so far is moved; the others stay. Answers the keys React moves.
 */
function movedByReact(previous: readonly Slot<number>[], next: readonly Slot<number>[]): number[] {
  const oldPlace = new Map(previous.map((s, i) => [s.key, i]));
  const moved: number[] = [];
  let lastPlaced = -1;
  for (const { key } of next) {
    const place = oldPlace.get(key);
    if (place === undefined) continue;
    if (place < lastPlaced) moved.push(key);
    else lastPlaced = place;
  }
  return moved;
}

describe('recycleSlots (decision 0321)', () => {
  it('answers the same slots for the same items, so a render for another reason makes nothing (0330)', () => {
    const keeper = slotKeeper(same);
    const first = keeper.place(range(0, 10));
    expect(keeper.place(range(0, 10))).toBe(first);
    // One item more is another answer, its nodes kept.
    const next = keeper.place(range(0, 11));
    expect(next).not.toBe(first);
    expect(next.slice(0, 10)).toEqual(first);
  });

  it('keeps the node of every row still drawn, and gives the nodes of rows that left to rows entering', () => {
    const keeper = slotKeeper(same);
    const first = keeper.place(range(0, 10));
    expect(first.map((s) => s.key)).toEqual(range(0, 10));
    // Three rows down: rows 0-2 left, 10-12 entered on their nodes; 3-9 kept theirs.
    const next = keeper.place(range(3, 13));
    expect(next.map((s) => s.item)).toEqual(range(3, 13));
    expect(next.slice(0, 7).map((s) => s.key)).toEqual(range(3, 10));
    expect(next.slice(7).map((s) => s.key)).toEqual([0, 1, 2]);
    // No new node: 10 nodes for the whole scroll.
    let far = next;
    for (let step = 0; step < 50; step++) far = keeper.place(range(13 + step, 23 + step));
    expect(new Set(far.map((s) => s.key)).size).toBe(10);
    expect(Math.max(...far.map((s) => s.key))).toBe(9);
  });

  it('never makes React move a kept node (the focused one among them), scrolling down or up', () => {
    const newKey = (() => {
      let k = 100;
      return () => k++;
    })();
    let slots = recycleSlots([], range(20, 40), same, newKey);
    for (const window of [range(25, 45), range(22, 42), range(10, 30), range(11, 31), range(60, 80)]) {
      const next = recycleSlots(slots, window, same, newKey);
      const kept = new Set(slots.filter((s) => window.includes(s.item)).map((s) => s.key));
      expect(movedByReact(slots, next).filter((k) => kept.has(k))).toEqual([]);
      expect(next.map((s) => s.item)).toEqual(window);
      expect(new Set(next.map((s) => s.key)).size).toBe(window.length);
      slots = next;
    }
  });

  it('scrolling up, a kept row pinned above the window (the focus) still lets rows entering reuse nodes', () => {
    let key = 0;
    const newKey = () => key++;
    const pinned = 2;
    let slots = recycleSlots([], [pinned, ...range(30, 40)], same, newKey);
    // Down: the rows leaving the top give their nodes, the pinned row keeps its own.
    slots = recycleSlots(slots, [pinned, ...range(33, 43)], same, newKey);
    expect(slots[0]).toEqual({ key: 0, item: pinned });
    expect(key).toBe(11);
    // Up: the free nodes were below every kept one, so new ones are made (React would move the kept rows).
    const up = recycleSlots(slots, [pinned, ...range(31, 41)], same, newKey);
    expect(movedByReact(slots, up)).toEqual([]);
    expect(up[0]).toEqual({ key: 0, item: pinned });
  });

  it('a jump to rows far away reuses every node', () => {
    const keeper = slotKeeper(same);
    keeper.place(range(0, 10));
    expect(
      keeper
        .place(range(500, 510))
        .map((s) => s.key)
        .sort((a, b) => a - b),
    ).toEqual(range(0, 10));
  });
});

describe('stableSlots (decision 0358)', () => {
  it('scrolling either way makes no node and moves none: rows entering take the nodes of rows that left', () => {
    const keeper = slotKeeper(same, stableSlots);
    const first = keeper.place(range(30, 40));
    let previous = first;
    for (const window of [range(33, 43), range(36, 46), range(33, 43), range(28, 38), range(25, 35)]) {
      const next = keeper.place(window);
      // The same ten nodes, in the same (key) order, so React neither makes, drops nor moves one.
      expect(next.map((s) => s.key)).toEqual(range(0, 10));
      expect(movedByReact(previous, next)).toEqual([]);
      // Every row drawn, once; a row still drawn kept its node.
      expect(next.map((s) => s.item).sort((a, b) => a - b)).toEqual(window);
      for (const slot of next) {
        const before = previous.find((s) => s.item === slot.item);
        if (before) expect(slot.key).toBe(before.key);
      }
      previous = next;
    }
  });

  it('answers the same slots for the same items; more rows get new keys, fewer drop the nodes left over', () => {
    const keeper = slotKeeper(same, stableSlots);
    const first = keeper.place(range(0, 4));
    expect(keeper.place(range(0, 4))).toBe(first);
    const more = keeper.place(range(2, 8));
    expect(more.map((s) => s.key)).toEqual(range(0, 6));
    expect(more.find((s) => s.item === 2)?.key).toBe(2);
    const fewer = keeper.place([5, 6]);
    expect(fewer).toEqual(more.filter((s) => s.item === 5 || s.item === 6));
  });
});
