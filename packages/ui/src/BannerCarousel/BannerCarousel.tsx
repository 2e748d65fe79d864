import { useEffect, useState } from 'react';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { formatMessage, useMessages } from '../messages/index.ts';
import styles from './BannerCarousel.module.css';
import {
  BANNER_INTERVAL_MS,
  BANNER_THUMBNAIL_WIDTH,
  bannerAutoAdvances,
  nextSlideIndex,
  slideText,
} from './bannerRules.ts';

/** The banner item fields a slide shows (spec §3 Banner item); `image` is the landscape url the site picked. */
export interface BannerSlide {
  bannerItemId: string;
  title: string;
  genres?: { name: string }[];
  description?: string | null;
  plot?: string | null;
  image: string;
  /** Thumbnail image; defaults to `image`. */
  thumbnail?: string;
}

export interface BannerCarouselProps {
  slides: BannerSlide[];
  /** Show the thumbnail strip instead of auto-advance and dots. */
  thumbnails?: boolean;
  /** Accessible name of the carousel; defaults to the `bannerLabel` message. */
  label?: string;
  /** Auto-advance period in ms (spec: 5000). */
  interval?: number;
  /** Details button or thumbnail click (spec §2: both lead to the detail page). */
  onDetails?: (slide: BannerSlide) => void;
}

/**
 * The home/VOD banner (spec §2): auto-advances every 5 s with dots, or, with `thumbnails`, a strip where hovering
 * a thumbnail selects its slide. Auto-advance pauses while the pointer or focus is inside (WCAG 2.2.2).
 * `data-state`: `playing|paused|static`.
 *
 * @example <BannerCarousel slides={slides} onDetails={(s) => go(s.bannerItemId)} />
 */
export function BannerCarousel({
  slides,
  thumbnails = false,
  label,
  interval = BANNER_INTERVAL_MS,
  onDetails,
}: BannerCarouselProps) {
  const messages = useMessages();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const advances = bannerAutoAdvances(thumbnails, count);
  const paused = hovered || focused;
  const current = Math.min(index, Math.max(count - 1, 0));

  useEffect(() => {
    if (!advances || paused) return;
    // Restarted on every slide change, so a manual pick also gets its full 5 s.
    const timer = setTimeout(() => setIndex(nextSlideIndex(current, count)), interval);
    return () => clearTimeout(timer);
  }, [advances, paused, count, interval, current]);

  if (count === 0) return null;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label ?? messages.bannerLabel}
      data-state={advances ? (paused ? 'paused' : 'playing') : 'static'}
      data-thumbnails={thumbnails ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.slides} aria-live={advances && !paused ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const text = slideText(slide);
          const genres = (slide.genres ?? []).map((genre) => genre.name).join(' · ');
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group, not a form fieldset.
            <div
              key={slide.bannerItemId}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={formatMessage(messages.bannerSlide, { index: i + 1, count })}
              hidden={i !== current}
              data-state={i === current ? 'current' : 'hidden'}
            >
              <img
                className={styles.image}
                src={slide.image}
                alt=""
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              <div className={styles.info}>
                <h2 className={styles.title}>{slide.title}</h2>
                {genres && <p className={styles.genres}>{genres}</p>}
                {text && <p className={styles.text}>{text}</p>}
                <button type="button" className={styles.details} onClick={() => onDetails?.(slide)}>
                  {messages.details}
                  <VisuallyHidden>{`: ${slide.title}`}</VisuallyHidden>
                </button>
              </div>
            </div>
          );
        })}
      </div>
      {thumbnails ? (
        <div className={styles.thumbnails}>
          {slides.map((slide, i) => (
            <button
              key={slide.bannerItemId}
              type="button"
              className={styles.thumbnail}
              aria-label={formatMessage(messages.bannerGoTo, { index: i + 1, title: slide.title })}
              aria-current={i === current ? 'true' : undefined}
              onMouseEnter={() => setIndex(i)}
              onFocus={() => setIndex(i)}
              onClick={() => onDetails?.(slide)}
            >
              <img
                src={slide.thumbnail ?? slide.image}
                alt=""
                width={BANNER_THUMBNAIL_WIDTH}
                loading="lazy"
              />
            </button>
          ))}
        </div>
      ) : (
        count > 1 && (
          <div className={styles.dots}>
            {slides.map((slide, i) => (
              <button
                key={slide.bannerItemId}
                type="button"
                className={styles.dot}
                aria-label={formatMessage(messages.bannerGoTo, { index: i + 1, title: slide.title })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        )
      )}
    </section>
  );
}
