import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { PLAYBACK_RATES } from '../core/constants.ts';
import type { PlayerCore } from '../core/core.ts';
import type {
  DrmConfig,
  PlayerError,
  ProgressMeta,
  ProgressReport,
  RenewContext,
  SourceRenewal,
  TelemetrySink,
  TrackPreference,
} from '../core/types.ts';
import type { EngineLoader } from '../engines/types.ts';
import { type PlayerMessages, withMessages } from '../messages.ts';
import { AudioPosters } from './AudioPosters.tsx';
import {
  Cue,
  FullscreenButton,
  MuteButton,
  PlayButton,
  QualityMenu,
  TrackMenus,
  usePlayerKeys,
  useTrackPreference,
} from './controls.tsx';
import { duration } from './format.ts';
import { type PlayerEventHandlers, usePlayerCore } from './usePlayerCore.ts';
import { noticeOf } from '../notice.ts';

/** What catch-up and VOD dialogs share. */
export interface OnDemandCommonProps {
  /** The item's playlist or manifest. */
  src: string;
  drm?: DrmConfig;
  /** Seconds to start from (resume). */
  startTime?: number;
  audioOnly?: boolean;
  audioPosters?: readonly string[];
  /** Epoch ms when the URL expires; with `onRenew` the player asks for a fresh one before then (decision 0100). */
  expiresAt?: number;
  /** A fresh URL of the same item (the host asks its API); playback carries on without a reload. */
  onRenew?: (context: RenewContext) => Promise<SourceRenewal | null | undefined>;
  /** False when playback authority is lost: the player pauses and the controls are disabled. Default true. */
  playbackAuthority?: boolean;
  /** Fields of the play-progress report only the host knows (metaId, videoType, …). */
  meta?: ProgressMeta;
  /** How often `onProgress` fires while playing; default 60 s. The last report comes on close or tab close. */
  progressIntervalMs?: number;
  onProgress?: (report: ProgressReport) => void;
  onClose: () => void;
  onError?: (error: PlayerError) => void;
  on?: PlayerEventHandlers;
  telemetry?: TelemetrySink;
  /**
   * The languages to prefer (decision 0291): `language` (default: the page's `<html lang>`), and the viewer's
   * remembered `audio` / `text` (`'off'`) choices. The viewer's new choices come as `on.trackchange`.
   */
  trackPreference?: TrackPreference;
  messages?: Partial<PlayerMessages>;
  /** Advanced: a host-owned core, or how engines load (tests). */
  core?: PlayerCore;
  loadEngine?: EngineLoader;
}

interface OnDemandDialogProps extends OnDemandCommonProps {
  mode: 'catchup' | 'vod';
  id?: string;
  header: ReactNode;
  /** Extra controls (play next, episodes). */
  extra?: ReactNode;
  label: string;
  onEnded?: () => void;
  /** VOD shows the floating-window message while in picture-in-picture. */
  pipMessage?: boolean;
}

/** The full-screen dialog frame, video and controls of catch-up and VOD playback (spec §2, §4). */
export function OnDemandDialog(props: OnDemandDialogProps) {
  const m = withMessages(props.messages);
  const rootRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const onEnded = useRef(props.onEnded);
  onEnded.current = props.onEnded;
  const { core, snapshot: s } = usePlayerCore(videoRef, {
    core: props.core,
    loadEngine: props.loadEngine,
    progressIntervalMs: props.progressIntervalMs,
    handlers: {
      ...props.on,
      error: (e) => {
        props.on?.error?.(e);
        props.onError?.(e);
      },
      telemetry: (e) => {
        props.on?.telemetry?.(e);
        props.telemetry?.(e);
      },
      progress: (r) => {
        props.on?.progress?.(r);
        props.onProgress?.(r);
      },
      ended: (e) => {
        props.on?.ended?.(e);
        onEnded.current?.();
      },
    },
  });
  const notice = noticeOf(s, m);
  useTrackPreference(core, props.trackPreference);
  const { src, mode, audioOnly = false, playbackAuthority = true } = props;
  const loadSettings = useRef(props);
  loadSettings.current = props;

  useEffect(() => {
    if (!core || !src) return;
    const { drm, startTime, meta, id, expiresAt } = loadSettings.current;
    // Read at call time, so a new callback identity from the host never reloads.
    const renew = (c: RenewContext) => loadSettings.current.onRenew?.(c) ?? Promise.resolve(null);
    const audioOnly = loadSettings.current.audioOnly;
    const renewal = loadSettings.current.onRenew ? { expiresAt, renew } : {};
    core.load({ src, mode, drm, startTime, meta, id, audioOnly, ...renewal });
    // The last progress report must reach the host even when the tab closes (spec §3 history); leaving the
    // item (new src, unmount) makes the core send it by itself.
    const flush = () => core.flushProgress();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [core, src, mode]);
  useEffect(() => core?.setAuthority(playbackAuthority), [core, playbackAuthority]);
  useEffect(() => {
    // Focus moves into the dialog and, when it closes, back to whatever opened it (the Play button).
    const opener = document.activeElement;
    rootRef.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  // Closing sends the last progress report first, with the position now (a skip seconds before counts), while
  // the host still listens: a host that tears down its reporter before the dialog unmounts would miss it.
  const onClose = props.onClose;
  const close = useCallback(() => {
    core?.flushProgress();
    onClose();
  }, [core, onClose]);
  const onKeyDown = usePlayerKeys(core, rootRef, close);
  const disabled = s.controlsDisabled;
  const canPip =
    !audioOnly &&
    typeof document !== 'undefined' &&
    'pictureInPictureEnabled' in document &&
    document.pictureInPictureEnabled;

  return (
    <>
      <section
        ref={rootRef}
        className="ottkit-player ottkit-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
        tabIndex={-1}
        data-state={s.state}
        data-mode={mode}
        data-pip={String(s.pictureInPicture && !audioOnly)}
        data-disabled={String(disabled)}
        data-audio={String(audioOnly)}
        onKeyDown={onKeyDown}
      >
        <header className="ottkit-dialog-header">
          <button type="button" className="ottkit-btn" data-icon="back" aria-label={m.back} onClick={close} />
          {props.header}
        </header>
        <div className="ottkit-stage" data-aspect={s.aspectRatio}>
          {/* biome-ignore lint/a11y/useMediaCaption: captions come with the stream when it has them */}
          <video
            ref={videoRef}
            className="ottkit-video"
            data-state={s.state}
            aria-label={props.label}
            playsInline
          />
          <Cue snapshot={s} />
          {audioOnly ? <AudioPosters posters={props.audioPosters ?? []} label={m.audioPosters} /> : null}
          {s.state === 'loading' && !notice ? (
            <div className="ottkit-overlay ottkit-spinner" role="status" aria-label={m.loading} />
          ) : null}
          {notice ? (
            <div className="ottkit-overlay ottkit-error" role="alert">
              <p>{notice.text}</p>
              <button
                type="button"
                className="ottkit-text-btn"
                onClick={() => core?.play()}
                disabled={disabled}
              >
                {notice.actionLabel}
              </button>
            </div>
          ) : null}
        </div>
        <div className="ottkit-controls" role="toolbar" aria-label={props.label}>
          <PlayButton core={core} snapshot={s} messages={m} disabled={disabled} />
          <input
            type="range"
            className="ottkit-seek"
            aria-label={m.progress}
            aria-valuetext={`${duration(s.currentTime)} / ${duration(s.duration)}`}
            min={0}
            max={Number.isFinite(s.duration) ? s.duration : 0}
            step={1}
            value={Math.floor(s.currentTime)}
            disabled={disabled || !core}
            onChange={(e) => core?.seek(Number(e.target.value))}
          />
          <span className="ottkit-time">
            {duration(s.currentTime)} / {duration(s.duration)}
          </span>
          <MuteButton core={core} snapshot={s} messages={m} disabled={disabled} />
          <select
            className="ottkit-select"
            aria-label={m.speed}
            value={s.rate}
            disabled={disabled || !core}
            onChange={(e) => core?.setRate(Number(e.target.value))}
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
          <QualityMenu core={core} snapshot={s} messages={m} disabled={disabled} />
          <TrackMenus core={core} snapshot={s} messages={m} disabled={disabled} />
          {props.extra}
          {canPip ? (
            <button
              type="button"
              className="ottkit-btn"
              data-icon="pip"
              aria-label={m.pictureInPicture}
              disabled={disabled}
              onClick={() => void videoRef.current?.requestPictureInPicture?.()}
            />
          ) : null}
          <FullscreenButton rootRef={rootRef} messages={m} />
        </div>
      </section>
      {props.pipMessage && s.pictureInPicture && !audioOnly ? (
        <div className="ottkit-toast" role="status">
          {m.floatingWindow}
        </div>
      ) : null}
    </>
  );
}
