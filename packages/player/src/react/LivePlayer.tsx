import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ASPECT_RATIOS, type AspectRatio } from '../core/constants.ts';
import type { PlayerCore } from '../core/core.ts';
import type { EngineLoader } from '../engines/types.ts';
import type { PrefetchTarget } from '../prefetch/warm.ts';
import type {
  DrmConfig,
  PlayerError,
  PlayerState,
  Programme,
  RenewContext,
  SourceRenewal,
  TelemetrySink,
  TrackPreference,
} from '../core/types.ts';
import { type PlayerMessages, withMessages } from '../messages.ts';
import { noticeOf } from '../notice.ts';
import { AudioPosters } from './AudioPosters.tsx';
import {
  Cue,
  FullscreenButton,
  LatencyMenu,
  MuteButton,
  PlayButton,
  QualityMenu,
  StatsButton,
  StatsPanel,
  TrackMenus,
  usePlayerKeys,
  useTrackPreference,
} from './controls.tsx';
import { LiveBar } from './LiveBar.tsx';
import { type PlayerEventHandlers, usePlayerCore } from './usePlayerCore.ts';

export interface LiveChannel {
  name: string;
  number?: number | string;
  logoUrl?: string;
  /** Carried into telemetry. */
  id?: string;
}

export interface LivePlayerProps {
  /** The channel's live playlist. Changing it is a channel change (pause, then reload). */
  src?: string;
  channel?: LiveChannel;
  /** False: no live authority; `fallbackSrc` loops behind the lock overlay. Default true. */
  authority?: boolean;
  fallbackSrc?: string;
  drm?: DrmConfig;
  /**
   * The channel's time-shift (DVR) playlist, from `timeshiftStart` (the programme's start when absent) to live:
   * the bar then spans the programme and a click 110 s or more behind live plays it (spec §4).
   */
  timeshiftSrc?: string;
  timeshiftStart?: number;
  /** Epoch ms when the URLs expire; with `onRenew` the player asks for fresh ones before then. */
  expiresAt?: number;
  /** Fresh URLs of the same channel (the host asks its API); playback carries on without a reload. */
  onRenew?: (context: RenewContext) => Promise<SourceRenewal | null | undefined>;
  /**
   * Live channels to keep warm (the ones above and below, the one under the pointer): a zap to one starts from
   * what was fetched ahead. Off on metered or Save-Data connections.
   */
  prefetch?: readonly PrefetchTarget[];
  /** The programme on air now (spans the time-shift bar) and the next one's title. */
  now?: Programme | null;
  next?: { title: string } | null;
  /**
   * Epoch ms of the viewer's key or click that asked for this channel: the first frame's time since then is
   * reported as the channel-change time (`streamSla.zapMs`). Each value is reported once, with the load of the
   * next `src`; a later reload of the same channel is not a channel change.
   */
  zapStartedAt?: number;
  /** Audio channel: posters rotate instead of a picture. */
  audioOnly?: boolean;
  audioPosters?: readonly string[];
  /** Favorite button: shown when `onFavoriteToggle` is given and not in broadcast-channel mode. */
  favorite?: boolean;
  onFavoriteToggle?: (favorite: boolean) => void;
  broadcast?: boolean;
  /** Slot for the top marquee (notices). */
  marquee?: ReactNode;
  /**
   * The languages to prefer (decision 0291): `language` (default: the page's `<html lang>`), and the viewer's
   * remembered `audio` / `text` (`'off'`) choices. The viewer's new choices come as `on.trackchange`.
   */
  trackPreference?: TrackPreference;
  messages?: Partial<PlayerMessages>;
  /** Writes a time of day (the bar's programme times) in the host's language; default: the browser's locale. */
  formatTime?: (epochMs: number) => string;
  autoPlay?: boolean;
  onError?: (error: PlayerError) => void;
  onStateChange?: (state: PlayerState) => void;
  /** Every typed core event (time-shift, reloads, quality …). */
  on?: PlayerEventHandlers;
  telemetry?: TelemetrySink;
  className?: string;
  /** Advanced: a core the host owns (shared, or scripted in stories). */
  core?: PlayerCore;
  /** Advanced: how engines load (tests inject a fake). */
  loadEngine?: EngineLoader;
}

/** The live face of spec §2: channel header, video, time-shift bar, Back to live, quality and aspect menus. */
export function LivePlayer(props: LivePlayerProps) {
  const { src, channel, authority = true, fallbackSrc, drm, now = null, next, audioOnly = false } = props;
  const m = withMessages(props.messages);
  const rootRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const { core, snapshot: s } = usePlayerCore(videoRef, {
    core: props.core,
    loadEngine: props.loadEngine,
    handlers: {
      ...props.on,
      error: (e) => {
        props.on?.error?.(e);
        props.onError?.(e);
      },
      statechange: (e) => {
        props.on?.statechange?.(e);
        props.onStateChange?.(e.state);
      },
      telemetry: (e) => {
        props.on?.telemetry?.(e);
        props.telemetry?.(e);
      },
    },
  });
  useTrackPreference(core, props.trackPreference);
  // Only a new src is a channel change; the other source settings are read when it happens, so a new object
  // identity for `drm` does not reload, and authority changes go through setAuthority (fallback clip, lock).
  const settings = () => ({
    authority,
    fallbackSrc,
    drm,
    audioOnly,
    id: channel?.id,
    autoplay: props.autoPlay,
    timeshiftSrc: props.timeshiftSrc,
    timeshiftStart: props.timeshiftStart,
    expiresAt: props.expiresAt,
  });
  const loadSettings = useRef(settings());
  loadSettings.current = settings();
  // Read at call time, so a new callback identity never reloads.
  const onRenew = useRef(props.onRenew);
  onRenew.current = props.onRenew;
  const zapStartedAt = useRef(props.zapStartedAt);
  zapStartedAt.current = props.zapStartedAt;
  const zapReported = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!core) return;
    // No src while the host resolves the next channel's address: the current channel pauses meanwhile.
    if (!src) return core.pause();
    const { autoplay = true, ...rest } = loadSettings.current;
    const renew = (c: RenewContext) => onRenew.current?.(c) ?? Promise.resolve(null);
    const zap = zapStartedAt.current !== zapReported.current ? zapStartedAt.current : undefined;
    zapReported.current = zapStartedAt.current;
    core.load(
      {
        src,
        mode: 'live',
        ...rest,
        ...(onRenew.current ? { renew } : {}),
        ...(zap === undefined ? {} : { zapStartedAt: zap }),
      },
      { autoplay },
    );
  }, [core, src]);
  useEffect(() => core?.setAuthority(authority), [core, authority]);
  // Keyed by the URLs, so a new array with the same targets does not refetch.
  const prefetch = props.prefetch ?? [];
  const prefetchKey = prefetch.map((t) => t.src).join(' ');
  const prefetchRef = useRef(prefetch);
  prefetchRef.current = prefetch;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the targets read through the ref
  useEffect(() => core?.prefetch(prefetchRef.current), [core, prefetchKey]);
  // The core ignores an equal programme, so a fresh object from the host on every render costs nothing.
  useEffect(() => core?.setProgramme(now), [core, now]);

  const onKeyDown = usePlayerKeys(core, rootRef);
  const statsId = useId();
  const [statsOpen, setStatsOpen] = useState(false);
  const live = s.mode === 'live';
  const showFavorite = !!props.onFavoriteToggle && !props.broadcast;
  const state = src ? s.state : 'idle';
  const notice = src ? noticeOf(s, m) : null;

  return (
    <section
      ref={rootRef}
      className={['ottkit-player', props.className].filter(Boolean).join(' ')}
      aria-label={channel ? `${m.player}: ${channel.name}` : m.player}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes focus so its keyboard map works
      tabIndex={0}
      data-state={state}
      data-mode={s.mode}
      data-locked={String(s.locked)}
      data-audio={String(audioOnly)}
      onKeyDown={onKeyDown}
    >
      {props.marquee ? <div className="ottkit-marquee">{props.marquee}</div> : null}
      {channel ? (
        <header className="ottkit-channel">
          {channel.logoUrl ? <img className="ottkit-logo" src={channel.logoUrl} alt="" /> : null}
          {channel.number !== undefined ? <span className="ottkit-number">{channel.number}</span> : null}
          <span className="ottkit-name">{channel.name}</span>
          <span className="ottkit-epg">
            {now ? (
              <span className="ottkit-now">
                {m.now}: {now.title}
              </span>
            ) : null}
            {next ? (
              <span className="ottkit-next">
                {m.next}: {next.title}
              </span>
            ) : null}
          </span>
          {showFavorite ? (
            <button
              type="button"
              className="ottkit-btn ottkit-favorite"
              data-icon="heart"
              aria-label={m.favorite}
              aria-pressed={!!props.favorite}
              onClick={() => props.onFavoriteToggle?.(!props.favorite)}
            />
          ) : null}
        </header>
      ) : null}
      <div className="ottkit-stage" data-aspect={s.aspectRatio}>
        {/* biome-ignore lint/a11y/useMediaCaption: live channels carry no caption track */}
        <video
          ref={videoRef}
          className="ottkit-video"
          data-state={state}
          aria-label={channel?.name ?? m.player}
          playsInline
        />
        <Cue snapshot={s} />
        <StatsPanel id={statsId} hidden={!statsOpen || s.locked} snapshot={s} messages={m} />
        {audioOnly ? <AudioPosters posters={props.audioPosters ?? []} label={m.audioPosters} /> : null}
        {state === 'loading' && !notice ? (
          <div className="ottkit-overlay ottkit-spinner" role="status" aria-label={m.loading} />
        ) : null}
        {s.locked ? (
          <div className="ottkit-overlay ottkit-lock" data-icon="lock" role="status">
            {m.noAuthority}
          </div>
        ) : null}
        {notice ? (
          <div className="ottkit-overlay ottkit-error" role="alert">
            <p>{notice.text}</p>
            <button
              type="button"
              className="ottkit-text-btn"
              onClick={() => (notice.action === 'backToLive' ? core?.seekToLive() : core?.play())}
            >
              {notice.actionLabel}
            </button>
          </div>
        ) : null}
        {s.confirm === 'backToLive' ? (
          <div className="ottkit-overlay ottkit-confirm" role="alertdialog" aria-label={m.backToLiveTip}>
            <p>{m.backToLiveTip}</p>
            <button type="button" className="ottkit-text-btn" onClick={() => core?.confirmBackToLive()}>
              {m.ok}
            </button>
            <button type="button" className="ottkit-text-btn" onClick={() => core?.dismissConfirm()}>
              {m.cancel}
            </button>
          </div>
        ) : null}
      </div>
      <div className="ottkit-controls" role="toolbar" aria-label={m.player}>
        <PlayButton core={core} snapshot={s} messages={m} disabled={s.locked} />
        <MuteButton core={core} snapshot={s} messages={m} />
        <LiveBar
          bar={s.locked ? null : s.bar}
          messages={m}
          onSeek={(t) => core?.seekBar(t)}
          formatTime={props.formatTime}
        />
        {live ? (
          <span className="ottkit-live-badge">{m.live}</span>
        ) : (
          <button
            type="button"
            className="ottkit-text-btn ottkit-back-to-live"
            onClick={() => core?.seekToLive()}
          >
            {m.backToLive}
          </button>
        )}
        <QualityMenu core={core} snapshot={s} messages={m} disabled={s.locked} />
        <TrackMenus core={core} snapshot={s} messages={m} disabled={s.locked} />
        <LatencyMenu core={core} snapshot={s} messages={m} disabled={s.locked} />
        <StatsButton
          open={statsOpen}
          panelId={statsId}
          messages={m}
          onToggle={() => setStatsOpen((open) => !open)}
        />
        <select
          className="ottkit-select"
          aria-label={m.aspectRatio}
          value={s.aspectRatio}
          onChange={(e) => core?.setAspectRatio(e.target.value as AspectRatio)}
        >
          {ASPECT_RATIOS.map((a) => (
            <option key={a} value={a}>
              {a === 'auto' ? m.aspectAuto : a}
            </option>
          ))}
        </select>
        <FullscreenButton rootRef={rootRef} messages={m} />
      </div>
    </section>
  );
}
