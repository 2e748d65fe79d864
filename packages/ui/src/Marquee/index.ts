export { Marquee, type MarqueeNotice, type MarqueeProps, type MarqueeState } from './Marquee.tsx';
export {
  MARQUEE_SPEED_PX_PER_S,
  marqueeDurationMs,
  type NoticeProperties,
  safeColor,
  safeTextSize,
} from './marqueeRules.ts';
