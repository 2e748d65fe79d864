import { useRef } from 'react';
import { recycleSlots, type Slot, type SlotPlacement, slotKeeper } from './recycledSlots.ts';

/**
 * The nodes of a virtual list's rows drawn this render, reusing those of rows that left (decision 0321): render
 * each slot with `key={slot.key}`. `wanted` is in drawing order; `id` names an item across renders (read once);
 * `placeBy` is read once too.
 */
export function useRecycledSlots<T, K>(
  wanted: readonly T[],
  id: (item: T) => K,
  placeBy: SlotPlacement = recycleSlots,
): readonly Slot<T>[] {
  const keeper = useRef<ReturnType<typeof slotKeeper<T, K>> | null>(null);
  keeper.current ??= slotKeeper(id, placeBy);
  return keeper.current.place(wanted);
}
