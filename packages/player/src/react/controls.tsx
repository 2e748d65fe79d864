import { type KeyboardEvent, type RefObject, useCallback, useEffect } from 'react';
import type { PlayerCore } from '../core/core.ts';
import { keyAction } from '../core/keys.ts';
import type { LatencyPreference } from '../core/constants.ts';
import type { MediaTrack, PlayerSnapshot, TrackPreference } from '../core/types.ts';
import type { PlayerMessages } from '../messages.ts';
import { latencyChoices, statsRows } from '../stats.ts';

/** Full screen on the player's root element (not the bare video), so our controls stay visible. */
export function toggleFullscreen(root: HTMLElement | null) {
  if (!root || typeof document === 'undefined') return;
  if (document.fullscreenElement) void document.exitFullscreen?.();
  else void root.requestFullscreen?.();
}

/** The shared keyboard map (space/k, f, m, arrows, Esc) bound to a core; Esc calls `onClose` when given. */
export function usePlayerKeys(
  core: PlayerCore | null,
  rootRef: RefObject<HTMLElement | null>,
  onClose?: () => void,
) {
  return useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      if (!core) return;
      const target = e.target as HTMLElement;
      if (target.closest('select, input, [role="slider"]') && e.key !== 'Escape') return;
      if (target.closest('button') && (e.key === ' ' || e.key === 'Enter')) return;
      const snap = core.getState();
      const action = keyAction(e.key, snap.mode);
      if (!action) return;
      e.preventDefault();
      switch (action.type) {
        case 'togglePlay':
          return core.togglePlay();
        case 'fullscreen':
          return toggleFullscreen(rootRef.current);
        case 'mute':
          return core.setMuted(!snap.muted);
        case 'seekBy':
          return core.seek(snap.currentTime + action.seconds);
        case 'volumeBy':
          return core.setVolume(snap.volume + action.delta);
        case 'close':
          if (typeof document !== 'undefined' && document.fullscreenElement) void document.exitFullscreen?.();
          else onClose?.();
      }
    },
    [core, rootRef, onClose],
  );
}

interface ButtonsProps {
  core: PlayerCore | null;
  snapshot: PlayerSnapshot;
  messages: PlayerMessages;
  disabled?: boolean;
}

export function PlayButton({ core, snapshot, messages, disabled }: ButtonsProps) {
  const playing = snapshot.state === 'playing' || snapshot.state === 'loading';
  return (
    <button
      type="button"
      className="ottkit-btn"
      data-icon={playing ? 'pause' : 'play'}
      aria-label={playing ? messages.pause : messages.play}
      disabled={disabled || !core}
      onClick={() => core?.togglePlay()}
    />
  );
}

export function MuteButton({ core, snapshot, messages, disabled }: ButtonsProps) {
  return (
    <button
      type="button"
      className="ottkit-btn"
      data-icon={snapshot.muted ? 'muted' : 'volume'}
      aria-label={snapshot.muted ? messages.unmute : messages.mute}
      aria-pressed={snapshot.muted}
      disabled={disabled || !core}
      onClick={() => core?.setMuted(!snapshot.muted)}
    />
  );
}

export function FullscreenButton({
  rootRef,
  messages,
}: {
  rootRef: RefObject<HTMLElement | null>;
  messages: PlayerMessages;
}) {
  return (
    <button
      type="button"
      className="ottkit-btn"
      data-icon="fullscreen"
      aria-label={messages.fullscreen}
      onClick={() => toggleFullscreen(rootRef.current)}
    />
  );
}

export function QualityMenu({ core, snapshot, messages, disabled }: ButtonsProps) {
  if (snapshot.qualities.length < 2) return null;
  return (
    <select
      className="ottkit-select"
      aria-label={messages.quality}
      value={snapshot.quality}
      disabled={disabled || !core}
      onChange={(e) => core?.setQuality(Number(e.target.value))}
    >
      <option value={-1}>{messages.qualityAuto}</option>
      {snapshot.qualities.map((q) => (
        <option key={q.index} value={q.index}>
          {q.name}
        </option>
      ))}
    </select>
  );
}

/** The live delay setting (issue 41): "Lowest delay" / "Most stable", remembered in this browser by the core. */
export function LatencyMenu({ core, snapshot, messages, disabled }: ButtonsProps) {
  return (
    <select
      className="ottkit-select"
      data-role="latency"
      aria-label={messages.delay}
      value={snapshot.latencyPreference}
      disabled={disabled || !core}
      onChange={(e) => core?.setLatencyPreference(e.target.value as LatencyPreference)}
    >
      {latencyChoices(messages).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** Shows or hides the statistics overlay (`StatsPanel`, whose id it controls). */
export function StatsButton(props: {
  open: boolean;
  panelId: string;
  messages: PlayerMessages;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="ottkit-btn"
      data-icon="stats"
      aria-label={props.messages.statistics}
      aria-pressed={props.open}
      aria-controls={props.panelId}
      onClick={props.onToggle}
    />
  );
}

/** The statistics overlay of a live channel (issue 41): mode, delay to the source, target, buffer, rendition. */
export function StatsPanel(props: {
  id: string;
  hidden: boolean;
  snapshot: PlayerSnapshot;
  messages: PlayerMessages;
}) {
  const { id, hidden, messages } = props;
  const stats = hidden ? null : props.snapshot.stats;
  return (
    <section id={id} className="ottkit-stats" aria-label={messages.statistics} hidden={hidden}>
      <dl>
        {stats
          ? statsRows(stats, messages).map((r) => (
              <div key={r.key} data-stat={r.key} data-state={r.state} data-ms={r.ms}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))
          : null}
      </dl>
    </section>
  );
}

/** One language menu: its tracks by label, an "off" entry first when given. */
function LanguageMenu(props: {
  kind: 'audio' | 'text';
  label: string;
  tracks: readonly MediaTrack[];
  value: string | null;
  off?: string;
  disabled: boolean;
  onPick: (id: string) => void;
}) {
  return (
    <select
      className="ottkit-select"
      data-role={props.kind}
      aria-label={props.label}
      value={props.value ?? ''}
      disabled={props.disabled}
      onChange={(e) => props.onPick(e.target.value)}
    >
      {props.off === undefined ? null : <option value="">{props.off}</option>}
      {props.tracks.map((t) => (
        <option key={t.id} value={t.id}>
          {t.label}
        </option>
      ))}
    </select>
  );
}

/** The audio language and subtitle menus (issue 20 §3), each shown when the stream offers a choice. */
export function TrackMenus({ core, snapshot, messages, disabled }: ButtonsProps) {
  const off = disabled || !core;
  return (
    <>
      {snapshot.audioTracks.length > 1 ? (
        <LanguageMenu
          kind="audio"
          label={messages.audioTrack}
          tracks={snapshot.audioTracks}
          value={snapshot.audioTrack}
          disabled={off}
          onPick={(id) => core?.setAudioTrack(id)}
        />
      ) : null}
      {snapshot.textTracks.length ? (
        <LanguageMenu
          kind="text"
          label={messages.subtitles}
          tracks={snapshot.textTracks}
          value={snapshot.textTrack}
          off={messages.subtitlesOff}
          disabled={off}
          onPick={(id) => core?.setTextTrack(id || null)}
        />
      ) : null}
    </>
  );
}

/** The subtitle text showing now, drawn in the stage above the control bar (the browser's own is hidden). */
export function Cue({ snapshot }: { snapshot: PlayerSnapshot }) {
  return snapshot.cue ? (
    <div className="ottkit-cue" aria-hidden="true">
      {snapshot.cue}
    </div>
  ) : null;
}

/**
 * Hands the host's track preference to the core; the viewer's language defaults to the page's (`<html lang>`).
 * The object is compared by value, so an inline literal does not re-apply it on every render.
 */
export function useTrackPreference(core: PlayerCore | null, preference: TrackPreference | undefined) {
  const key = JSON.stringify(preference ?? {});
  useEffect(() => {
    if (!core) return;
    const language =
      (typeof document !== 'undefined' && document.documentElement.lang) ||
      (typeof navigator !== 'undefined' ? navigator.language : undefined);
    core.setTrackPreference({ language, ...(JSON.parse(key) as TrackPreference) });
  }, [core, key]);
}
