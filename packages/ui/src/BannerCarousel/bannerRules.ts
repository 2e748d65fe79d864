/** Spec §9: the banner advances every 5 s; thumbnails are 256 px wide. */
export const BANNER_INTERVAL_MS = 5000;
export const BANNER_THUMBNAIL_WIDTH = 256;

/** The slide after `index`, wrapping to the first. */
export function nextSlideIndex(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** Spec §2: the thumbnail strip replaces auto-advance (and the dots); one slide has nothing to advance to. */
export function bannerAutoAdvances(thumbnails: boolean, count: number): boolean {
  return !thumbnails && count > 1;
}

/** A slide shows its description, or its plot when it has none. */
export function slideText(slide: { description?: string | null; plot?: string | null }): string {
  return slide.description?.trim() || slide.plot?.trim() || '';
}
