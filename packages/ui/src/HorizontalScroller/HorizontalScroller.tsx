import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ChevronIcon } from '../icons/index.ts';
import { useMessages } from '../messages/index.ts';
import styles from './HorizontalScroller.module.css';
import {
  MOBILE_MAX_WIDTH_PX,
  SCROLL_DURATION_MS,
  SCROLL_STEP_PX,
  type ScrollEdge,
  scrollEdge,
  scrollPositionAt,
  scrollTarget,
} from './scrolling.ts';

export interface HorizontalScrollerProps {
  /** Accessible name of the strip, e.g. the row's title. */
  label: string;
  children: ReactNode;
  /** Pixels per arrow click (spec: 900). */
  step?: number;
  /** Glide time per step in ms (spec: 800). */
  duration?: number;
  /**
   * `over` (default): the arrows float over the ends of the strip, as on rows of cards whose edges may hide.
   * `beside`: the arrows take their own room at the ends, so nothing (a row of tabs' labels) is ever under them.
   */
  arrows?: 'over' | 'beside';
}

/**
 * A row of items that scrolls sideways: arrows glide 900 px in 800 ms on wide screens; at or below 768 px the
 * arrows go and the strip is swiped. `data-state` says where it stands (`fits|start|middle|end`).
 *
 * @example <HorizontalScroller label="Trending">{cards}</HorizontalScroller>
 */
export function HorizontalScroller({
  label,
  children,
  step = SCROLL_STEP_PX,
  duration = SCROLL_DURATION_MS,
  arrows = 'over',
}: HorizontalScrollerProps) {
  const messages = useMessages();
  const viewport = useRef<HTMLDivElement>(null);
  const frame = useRef<number | null>(null);
  const destination = useRef<number | null>(null);
  const [edge, setEdge] = useState<ScrollEdge>('fits');
  const [layout, setLayout] = useState<'desktop' | 'mobile'>('desktop');

  const measure = useCallback(() => {
    const el = viewport.current;
    if (el) setEdge(scrollEdge(el.scrollLeft, el.clientWidth, el.scrollWidth));
  }, []);

  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    destination.current = null;
  }, []);

  useEffect(() => {
    measure();
    const el = viewport.current;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (el) observer?.observe(el);
    const query =
      typeof matchMedia === 'undefined' ? null : matchMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
    const applyLayout = () => setLayout(query?.matches ? 'mobile' : 'desktop');
    applyLayout();
    query?.addEventListener('change', applyLayout);
    return () => {
      observer?.disconnect();
      query?.removeEventListener('change', applyLayout);
      stop();
    };
  }, [measure, stop]);

  const glide = (direction: -1 | 1) => {
    const el = viewport.current;
    if (!el) return;
    // A click during a glide continues from where that glide was going, so two clicks move two steps.
    const from = el.scrollLeft;
    const to = scrollTarget(destination.current ?? from, direction, step, el.scrollWidth - el.clientWidth);
    stop();
    destination.current = to;
    const startedAt = performance.now();
    const tick = () => {
      const elapsed = performance.now() - startedAt;
      el.scrollLeft = scrollPositionAt(from, to, elapsed, duration);
      measure();
      if (elapsed < duration) frame.current = requestAnimationFrame(tick);
      else {
        frame.current = null;
        destination.current = null;
      }
    };
    frame.current = requestAnimationFrame(tick);
  };

  return (
    // A named group, not a region: a page puts it inside its own titled section, and two landmarks with one name
    // (the section's heading and this label) confuse landmark navigation.
    // biome-ignore lint/a11y/useSemanticElements: a strip of cards is no form fieldset; the WAI-ARIA group role fits.
    <div
      role="group"
      className={styles.scroller}
      aria-label={label}
      data-state={edge}
      data-layout={layout}
      data-arrows={arrows}
    >
      <button
        type="button"
        className={styles.arrow}
        data-direction="previous"
        aria-label={messages.scrollPrevious}
        disabled={edge === 'fits' || edge === 'start'}
        onClick={() => glide(-1)}
      >
        <ChevronIcon direction="left" size={28} />
      </button>
      <div className={styles.viewport} ref={viewport} onScroll={measure} onWheel={stop} onTouchStart={stop}>
        {children}
      </div>
      <button
        type="button"
        className={styles.arrow}
        data-direction="next"
        aria-label={messages.scrollNext}
        disabled={edge === 'fits' || edge === 'end'}
        onClick={() => glide(1)}
      >
        <ChevronIcon direction="right" size={28} />
      </button>
    </div>
  );
}
