import type { AspectRatio, LatencyPreference } from './constants.ts';

/** What the player is doing. Shown on faces as `data-state`. */
export const PLAYER_STATES = ['idle', 'loading', 'playing', 'paused', 'ended', 'error'] as const;
export type PlayerState = (typeof PLAYER_STATES)[number];

/** What is being played. `timeshift` is a live channel played behind the live edge. */
export const PLAYER_MODES = ['live', 'timeshift', 'catchup', 'vod'] as const;
export type PlayerMode = (typeof PLAYER_MODES)[number];

/** DRM settings: ClearKey is tested end to end; the commercial systems are licence URLs from configuration. */
export interface DrmConfig {
  /** ClearKey keys, key id (hex) → key (hex), when the host already holds them. */
  clearKeys?: Record<string, string>;
  /** ClearKey licence server (a JSON licence request, as the W3C ClearKey format). */
  clearKeyLicenseUrl?: string;
  widevineLicenseUrl?: string;
  playreadyLicenseUrl?: string;
  fairplayLicenseUrl?: string;
  fairplayCertificateUrl?: string;
  /** Extra headers on licence requests (e.g. a token). */
  licenseHeaders?: Record<string, string>;
}

/** Fields of the play-progress report (spec §3) that only the host knows; the player echoes them. */
export interface ProgressMeta {
  metaId?: string;
  videoType?: string;
  imdbId?: string;
  tmdbId?: string;
  episodeNo?: number;
  seasonNo?: number;
}

export interface PlayerSource {
  /** Playlist or manifest URL (HLS `.m3u8`, DASH `.mpd`). */
  src: string;
  /** Defaults to `live`. */
  mode?: PlayerMode;
  /** Inferred from the URL when missing. */
  type?: 'hls' | 'dash';
  drm?: DrmConfig;
  /** Live: false means the viewer has no live authority; `fallbackSrc` loops and a lock shows. Default true. */
  authority?: boolean;
  /** The clip played to viewers without authority. */
  fallbackSrc?: string;
  /** Seconds to start from (catch-up, VOD resume). */
  startTime?: number;
  /** Audio-only channel or item: no picture-in-picture, a poster carousel instead of video. */
  audioOnly?: boolean;
  /** Channel or content id, carried into telemetry. */
  id?: string;
  /**
   * Live channel change: epoch ms when the viewer asked for this channel (a key or a click). The first frame's
   * time since then is reported as `zapMs` in this session's `streamSla` (the channel-change time).
   */
  zapStartedAt?: number;
  /** Echoed into progress events (catch-up, VOD). */
  meta?: ProgressMeta;
  /**
   * Live: the channel's time-shift (DVR) playlist, from `timeshiftStart` up to live. With it the bar spans the
   * programme from its start, and a click at least 110 s behind live plays this playlist from there (spec §4);
   * Back to live returns to `src`. Without it, time-shift stays inside what `src` itself can seek.
   */
  timeshiftSrc?: string;
  /** Epoch ms where `timeshiftSrc` starts; the programme's start when absent. */
  timeshiftStart?: number;
  /** Epoch ms when the URLs stop working; with `renew`, fresh ones are asked for before then. */
  expiresAt?: number;
  /**
   * Asked shortly before `expiresAt` for fresh URLs of the same item (the host calls its API; the player never
   * knows it). Playback carries on without a reload; a `null` answer or a failure is retried a few seconds later.
   */
  renew?: (context: RenewContext) => Promise<SourceRenewal | null | undefined>;
}

/** What `renew` is told: where the viewer is, so a host can keep a time-shift playlist's start. */
export interface RenewContext {
  mode: PlayerMode;
  source: PlayerSource;
}

/** Fresh addresses of the item being played (same stream, new credentials); what is absent is kept. */
export interface SourceRenewal {
  src?: string;
  timeshiftSrc?: string;
  timeshiftStart?: number;
  fallbackSrc?: string;
  drm?: DrmConfig;
  expiresAt?: number;
}

/** A programme on the live bar (epoch ms). */
export interface Programme {
  title: string;
  start: number;
  stop: number;
}

export interface QualityLevel {
  /** Engine level index; -1 is Auto. */
  index: number;
  height: number;
  bitrate: number;
  /** Spec §9-style label such as "1080P", "720P", "SD". */
  name: string;
}

/** An audio or subtitle language the stream offers (issue 20 §3). `id` is the engine's; `language` BCP 47. */
export interface MediaTrack {
  id: string;
  language: string;
  /** The stream's name for it (the language's own name in ottkit's samples). */
  label: string;
}

/** What an engine reports: the languages and which are on (`textId` null: subtitles off). */
export interface TrackList {
  audio: MediaTrack[];
  audioId: string | null;
  text: MediaTrack[];
  textId: string | null;
}

/**
 * The languages a viewer wants, by BCP 47 language (only the primary subtag is compared). `language` is the
 * viewer's own (the page's or the profile's): audio in it when offered; when it is not, subtitles in it.
 * `audio` and `text` are explicit choices the host remembered (`text: 'off'` keeps subtitles off).
 */
export interface TrackPreference {
  language?: string;
  audio?: string;
  text?: string;
}

export type ErrorKind = 'media' | 'network' | 'timeshift' | 'drm' | 'unsupported';

export interface PlayerError {
  code: string;
  message: string;
  kind: ErrorKind;
}

/** The progress bar of the live face, all in epoch ms. */
export interface LiveBar {
  start: number;
  end: number;
  /** The live edge (now). */
  live: number;
  /** Earliest point that can be sought to. */
  seekableStart: number;
  position: number;
  /** False when less than 110 s can be sought (spec §4). */
  enabled: boolean;
}

/** What the statistics overlay shows of a live channel (issue 41), refreshed once a second while it plays. */
export interface PlaybackStats {
  /** Playing LL-HLS parts now. */
  lowLatency: boolean;
  /** The channel's playlist offers parts (LL-HLS). */
  partsOffered: boolean;
  /** Low-latency mode was left after repeated stalls, for the rest of this channel's session (decision 0443). */
  fellBack: boolean;
  /** Wall clock minus the EXT-X-PROGRAM-DATE-TIME of the frame shown, ms; null when the stream dates nothing. */
  latencyMs: number | null;
  /** The distance behind the live edge the engine aims for, ms. */
  targetLatencyMs: number | null;
  /** Media buffered ahead of the frame shown, ms. */
  bufferMs: number;
  /** The rendition playing (0 when the engine does not say). */
  bitrate: number;
  height: number;
  /** Playback rate now: above 1 while catching up with the low-latency target. */
  rate: number;
}

export interface PlayerSnapshot {
  state: PlayerState;
  mode: PlayerMode;
  source: PlayerSource | null;
  error: PlayerError | null;
  /**
   * A live channel that has not played for LIVE_UNAVAILABLE_MS, or whose stream failed: the face says it is not
   * available while the player retries in the background (issue 36). Cleared by the first frame.
   */
  unavailable: boolean;
  /** No live authority: the fallback clip plays and a lock shows. */
  locked: boolean;
  /** Playback authority lost (catch-up, VOD): paused and controls disabled. */
  controlsDisabled: boolean;
  /** A confirmation the face must show: going back to live after the programme ran out. */
  confirm: 'backToLive' | null;
  currentTime: number;
  duration: number;
  bar: LiveBar | null;
  programme: Programme | null;
  qualities: QualityLevel[];
  /** Selected quality index, -1 = Auto. */
  quality: number;
  rate: number;
  muted: boolean;
  volume: number;
  aspectRatio: AspectRatio;
  /** Time-shift retries used so far. */
  retries: number;
  /** Seconds spent neither playing nor loading since start (catch-up, VOD). */
  pausedSeconds: number;
  pictureInPicture: boolean;
  /** Audio languages of the stream (empty: only its own audio) and the one playing. */
  audioTracks: MediaTrack[];
  audioTrack: string | null;
  /** Subtitle languages and the one shown (null: off). */
  textTracks: MediaTrack[];
  textTrack: string | null;
  /** The subtitle text to show now ('' for none); faces draw it above their control bar. */
  cue: string;
  /** The viewer's choice of distance to live ("Lowest delay" / "Most stable"), remembered in this browser. */
  latencyPreference: LatencyPreference;
  /** A live channel's statistics (mode, latency, buffer, rendition); null before it plays and off live. */
  stats: PlaybackStats | null;
}

export interface ProgressReport extends ProgressMeta {
  /** True once the item played to its end. */
  played: boolean;
  /** Position in whole seconds. */
  playedTime: number;
  /** Position as a percentage 0–100. */
  playProgress: number;
  /** Duration in whole seconds. */
  totalDuration: number;
  /** True for the last report, sent on tab close (`pagehide`) or when the item is left. */
  final: boolean;
}

/** Telemetry of spec §7, delivered to the host's sink. */
export type TelemetryEvent =
  | { type: 'livePlayData'; sourceId?: string; startedAt: number; watchedMs: number; timeshift: boolean }
  | { type: 'playError'; sourceId?: string; mode: PlayerMode; code: string; message: string }
  | { type: 'playbackData'; sourceId?: string; startedAt: number; watchedMs: number; position: number }
  | { type: 'vodPlayData'; sourceId?: string; startedAt: number; watchedMs: number; position: number }
  | {
      type: 'streamSla';
      sourceId?: string;
      mode: PlayerMode;
      /** Play request to first frame, ms; null when it never started. */
      startupMs: number | null;
      stalls: number;
      stallMs: number;
      bitrateSwitches: number;
      errors: number;
      /** Channel change: the key or click to the first frame, ms (only when the source had `zapStartedAt`). */
      zapMs?: number;
    }
  /** Playing this source now: at the session's first frame, then every WATCHING_EVERY_MS while it plays. */
  | {
      type: 'watching';
      sourceId?: string;
      mode: PlayerMode;
      /** Live only (issue 41): the median latency (ms) of the frames shown since the last `watching`. */
      latencyMs?: number;
      /** Live only: low-latency mode ran for most of that time. */
      lowLatency?: boolean;
    };

export type TelemetrySink = (event: TelemetryEvent) => void;

/** Typed events out of the core. */
export interface PlayerEvents {
  statechange: { state: PlayerState; previous: PlayerState };
  modechange: { mode: PlayerMode; previous: PlayerMode };
  /** First frame after a load. */
  firstframe: { startupMs: number };
  error: PlayerError;
  /** The host handed fresh URLs (renewal): playback carries on with them. */
  renewed: { expiresAt: number | null };
  /**
   * A reload of the current source: a stall, a time-shift retry, an authority change, or the distance to live
   * changing (the viewer's delay setting, or low-latency mode left after stalls where the engine cannot in place).
   */
  reload: { reason: 'stall' | 'retry' | 'authority' | 'latency' };
  /** The time-shift error tip must show (retries exhausted). */
  timeshifterror: PlayerError;
  /** The programme ran out in time-shift; the face asks to go back to live. */
  confirmbacktolive: { programme: Programme };
  ended: { mode: PlayerMode };
  progress: ProgressReport;
  qualitychange: { quality: number; level: QualityLevel | null };
  /** The stream's audio or subtitle languages changed (a load, a live playlist update). */
  tracks: { audioTracks: MediaTrack[]; textTracks: MediaTrack[] };
  /**
   * An audio or subtitle language was switched (`track` null: subtitles off). `byViewer` when the viewer chose
   * it in the controls or through the element: the host remembers `track.language` for next time.
   */
  trackchange: { kind: 'audio' | 'text'; track: MediaTrack | null; byViewer: boolean };
  telemetry: TelemetryEvent;
}
