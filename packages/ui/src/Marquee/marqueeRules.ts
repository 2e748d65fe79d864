/** Spec §9: marquee notices scroll at 60 px/s. */
export const MARQUEE_SPEED_PX_PER_S = 60;

/** Notice display properties (spec §3), as the operator typed them. */
export interface NoticeProperties {
  backgroundcolor?: string | null;
  textcolor?: string | null;
  /** Pixels, as a number or a string such as '18' or '18px'. */
  textsize?: string | number | null;
}

/** One pass: the text enters at the right edge and leaves at the left, at `speed` px/s. */
export function marqueeDurationMs(
  containerWidth: number,
  textWidth: number,
  speed = MARQUEE_SPEED_PX_PER_S,
): number {
  if (speed <= 0) return 0;
  return ((containerWidth + textWidth) / speed) * 1000;
}

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/+-]+(deg)?[\d\s.,%/+-]*\)|[a-z]{3,20})$/i;

/**
 * An operator colour, only when it is a plain colour (hex, rgb(), hsl() or a keyword): a notice must not be able
 * to smuggle `url(...)` or other CSS into the page. Anything else falls back to the theme.
 */
export function safeColor(value: string | null | undefined): string | undefined {
  const color = value?.trim();
  return color && COLOR.test(color) ? color : undefined;
}

/** Text size in px from a number or '18'/'18px', kept between 10 and 64; otherwise the theme's. */
export function safeTextSize(value: string | number | null | undefined): number | undefined {
  const size = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '').replace(/px$/i, ''));
  if (!Number.isFinite(size) || size <= 0) return undefined;
  return Math.min(64, Math.max(10, size));
}
