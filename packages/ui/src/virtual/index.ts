export {
  OVERSCAN_ROWS,
  scrollToShow,
  trackViewportRows,
  type ViewportRows,
  visibleRange,
} from './virtualWindow.ts';
