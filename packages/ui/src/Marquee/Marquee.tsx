import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useMessages } from '../messages/index.ts';
import styles from './Marquee.module.css';
import {
  MARQUEE_SPEED_PX_PER_S,
  marqueeDurationMs,
  type NoticeProperties,
  safeColor,
  safeTextSize,
} from './marqueeRules.ts';

/** The notice fields a marquee shows (spec §3 Notices). */
export interface MarqueeNotice {
  id: string;
  msg: string;
  properties?: NoticeProperties | null;
}

export type MarqueeState = 'measuring' | 'scrolling' | 'ended';

export interface MarqueeProps {
  notice: MarqueeNotice;
  /** One pass is over: the site marks the notice read and shows the next (spec §4). */
  onAnimationEnd?: (id: string) => void;
  /** px/s (spec: 60). */
  speed?: number;
  /** Accessible name of the strip; defaults to the `noticeTitle` message. */
  label?: string;
}

/**
 * A scrolling notice (spec §4): one pass at 60 px/s in the notice's colours and text size, then
 * `onAnimationEnd(id)`. Hover pauses it (WCAG 2.2.2). The message is a text node: it can never inject markup.
 * `data-state`: `measuring|scrolling|ended`. Remount (`key={notice.id}`) to play the next one.
 *
 * @example <Marquee key={n.id} notice={n} onAnimationEnd={markRead} />
 */
export function Marquee({ notice, onAnimationEnd, speed = MARQUEE_SPEED_PX_PER_S, label }: MarqueeProps) {
  const messages = useMessages();
  const box = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const [size, setSize] = useState<{ box: number; text: number } | null>(null);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    const measure = () => {
      const boxWidth = box.current?.clientWidth ?? 0;
      // A hidden strip (width 0) would finish at once and mark the notice read unseen: wait until it shows.
      if (boxWidth > 0) setSize((old) => old ?? { box: boxWidth, text: text.current?.scrollWidth ?? 0 });
    };
    measure();
    if (typeof ResizeObserver === 'undefined' || !box.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(box.current);
    return () => observer.disconnect();
  }, []);

  const onEnd = useRef(onAnimationEnd);
  onEnd.current = onAnimationEnd;
  useEffect(() => {
    const el = text.current;
    if (!el) return;
    // A native listener: React's synthetic animationend depends on vendor detection that varies by environment.
    const done = () => {
      el.removeEventListener('animationend', done);
      setEnded(true);
      onEnd.current?.(notice.id);
    };
    el.addEventListener('animationend', done);
    return () => el.removeEventListener('animationend', done);
  }, [notice.id]);

  const state: MarqueeState = ended ? 'ended' : size ? 'scrolling' : 'measuring';
  const properties = notice.properties ?? {};
  const textSize = safeTextSize(properties.textsize);
  const style = {
    '--ok-marquee-background': safeColor(properties.backgroundcolor),
    '--ok-marquee-color': safeColor(properties.textcolor),
    '--ok-marquee-size': textSize === undefined ? undefined : `${textSize}px`,
    '--ok-marquee-from': size ? `${size.box}px` : undefined,
    '--ok-marquee-to': size ? `${-size.text}px` : undefined,
    '--ok-marquee-duration': size ? `${marqueeDurationMs(size.box, size.text, speed)}ms` : undefined,
  } as CSSProperties;

  return (
    <div
      ref={box}
      className={styles.marquee}
      role="marquee"
      aria-label={label ?? messages.noticeTitle}
      data-state={state}
      style={style}
    >
      <span ref={text} className={styles.text}>
        {notice.msg}
      </span>
    </div>
  );
}
