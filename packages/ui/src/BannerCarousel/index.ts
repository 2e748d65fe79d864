export { BannerCarousel, type BannerCarouselProps, type BannerSlide } from './BannerCarousel.tsx';
export {
  BANNER_INTERVAL_MS,
  BANNER_THUMBNAIL_WIDTH,
  bannerAutoAdvances,
  nextSlideIndex,
  slideText,
} from './bannerRules.ts';
