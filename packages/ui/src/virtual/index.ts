export {
  OVERSCAN_ROWS,
  scrollToShow,
  trackViewportRows,
  type ViewportRows,
  visibleRange,
} from './virtualWindow.ts';
export { recycleSlots, type Slot, slotKeeper } from './recycledSlots.ts';
export { useRecycledSlots } from './useRecycledSlots.ts';
