import { memo } from 'react';
import { rulerMarks, timeToX } from './gridLayout.ts';
import styles from './GuideGrid.module.css';

interface TimeRulerProps {
  from: number;
  to: number;
  /** The span's width (px). */
  width: number;
  /** The now mark's x, or null when now is outside the span. */
  nowX: number | null;
  formatTime: (epochMs: number) => string;
}

/**
 * The sticky ruler across the top, with the corner over the channel column (whose width the grid reads from it).
 * A memo: the grid renders each frame a row or an hour column scrolls in, and a day's marks made again each time
 * were garbage of their own (decision 0357). It renders again only when the span, the format or now (the host's
 * clock, every few seconds) changes.
 */
export const TimeRuler = memo(function TimeRuler({ from, to, width, nowX, formatTime }: TimeRulerProps) {
  // Hidden from assistive technology: the ruler names times for the eye; each block's name carries its own times.
  return (
    <div className={styles.ruler} aria-hidden="true" data-ruler>
      <div className={styles.corner} data-corner />
      <div className={styles.track} style={{ width }}>
        {rulerMarks(from, to).map((t) => (
          <span key={t} className={styles.mark} style={{ left: timeToX(t, from) }} data-time={t}>
            {formatTime(t)}
          </span>
        ))}
        {nowX !== null && <span className={styles.nowMark} style={{ left: nowX }} />}
      </div>
    </div>
  );
});
