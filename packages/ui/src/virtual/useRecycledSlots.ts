import { useRef } from 'react';
import { type Slot, slotKeeper } from './recycledSlots.ts';

/**
 * The nodes of a virtual list's rows drawn this render, reusing those of rows that left (decision 0321): render
 * each slot with `key={slot.key}`. `wanted` is in drawing order; `id` names an item across renders (read once).
 */
export function useRecycledSlots<T, K>(wanted: readonly T[], id: (item: T) => K): readonly Slot<T>[] {
  const keeper = useRef<ReturnType<typeof slotKeeper<T, K>> | null>(null);
  keeper.current ??= slotKeeper(id);
  return keeper.current.place(wanted);
}
