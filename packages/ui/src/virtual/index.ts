export {
  OVERSCAN_ROWS,
  scrollToShow,
  trackViewportRows,
  type ViewportRows,
  visibleRange,
} from './virtualWindow.ts';
export { recycleSlots, type Slot, type SlotPlacement, slotKeeper, stableSlots } from './recycledSlots.ts';
export { useRecycledSlots } from './useRecycledSlots.ts';
