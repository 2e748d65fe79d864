export { HorizontalScroller, type HorizontalScrollerProps } from './HorizontalScroller.tsx';
export {
  easeInOutCubic,
  isMobileWidth,
  MOBILE_MAX_WIDTH_PX,
  SCROLL_DURATION_MS,
  SCROLL_STEP_PX,
  type ScrollEdge,
  scrollEdge,
  scrollPositionAt,
  scrollTarget,
} from './scrolling.ts';
