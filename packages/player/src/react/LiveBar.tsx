import type { KeyboardEvent, MouseEvent } from 'react';
import type { LiveBar as Bar } from '../core/types.ts';
import type { PlayerMessages } from '../messages.ts';
import { clockTime } from './format.ts';

export interface LiveBarProps {
  bar: Bar | null;
  messages: PlayerMessages;
  onSeek(epochMs: number): void;
  /** Writes a time of day; the host passes its language's rule (default: the browser's locale). */
  formatTime?: (epochMs: number) => string;
}

/** Seconds one arrow press moves along the live bar. */
const KEY_STEP_MS = 30_000;

/**
 * The time-shift bar: spans the current programme, shades what can be sought and marks the live edge.
 * A click asks the core to seek; the core decides between time-shift and live (spec §4).
 */
export function LiveBar({ bar, messages, onSeek, formatTime = clockTime }: LiveBarProps) {
  if (!bar) return <div className="ottkit-bar" data-enabled="false" aria-hidden="true" />;
  const span = Math.max(1, bar.end - bar.start);
  const pct = (t: number) => `${Math.max(0, Math.min(100, ((t - bar.start) / span) * 100))}%`;
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!bar.enabled) return;
    // Positions are fractions of the track, not of the whole bar (which also holds the time labels).
    const track = e.currentTarget.querySelector('.ottkit-bar-track') ?? e.currentTarget;
    const rect = track.getBoundingClientRect();
    const ratio = rect.width > 0 ? Math.max(0, Math.min(1, (e.clientX - rect.left) / rect.width)) : 1;
    onSeek(bar.start + ratio * span);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowLeft' ? -KEY_STEP_MS : e.key === 'ArrowRight' ? KEY_STEP_MS : 0;
    if (!step || !bar.enabled) return;
    e.preventDefault();
    e.stopPropagation();
    onSeek(bar.position + step);
  };
  return (
    <div
      className="ottkit-bar"
      role="slider"
      tabIndex={bar.enabled ? 0 : -1}
      aria-label={messages.progress}
      aria-disabled={!bar.enabled}
      aria-valuemin={bar.start}
      aria-valuemax={bar.end}
      aria-valuenow={Math.round(bar.position)}
      aria-valuetext={formatTime(bar.position)}
      data-enabled={String(bar.enabled)}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <span className="ottkit-bar-time">{formatTime(bar.start)}</span>
      <span className="ottkit-bar-track">
        <span
          className="ottkit-bar-seekable"
          style={{ left: pct(bar.seekableStart), right: `calc(100% - ${pct(bar.live)})` }}
        />
        <span className="ottkit-bar-played" style={{ width: pct(bar.position) }} />
        <span className="ottkit-bar-live" style={{ left: pct(bar.live) }} />
      </span>
      <span className="ottkit-bar-time">{formatTime(bar.end)}</span>
    </div>
  );
}
