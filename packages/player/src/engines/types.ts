import type { PlayerSource, QualityLevel, TrackList } from '../core/types.ts';
import type { WarmHit } from '../prefetch/warm.ts';

/** What an engine reports back to the core. */
export interface EngineEvents {
  levels(levels: QualityLevel[]): void;
  levelSwitched(index: number, bitrate: number): void;
  /** The audio and subtitle languages, whenever they or the selection change (engines that know them). */
  tracks?(list: TrackList): void;
  /** An error the engine could not recover from. */
  fatal(code: string, message: string, kind: 'media' | 'network' | 'drm'): void;
  /**
   * The URL to request for one the stream named: after a renewal the core swaps outdated credentials in the
   * query for fresh ones (decision 0100). Engines that fetch for themselves call it on every request.
   */
  rewriteUrl?(url: string): string;
  /**
   * What was fetched ahead for a warm channel (issue 20 §1): engines that fetch for themselves take a URL's
   * bytes from here instead of the network; `isWarm(src)` says the load may start on the warmed (lowest) variant.
   */
  warm?: { take(url: string): WarmHit | undefined; isWarm(src: string): boolean };
}

/** How a load is to play, decided by the core (issue 41). */
export interface EngineLoadOptions {
  /** Play LL-HLS parts where the playlist offers them (the viewer's "Lowest delay", no fallback yet). */
  lowLatency: boolean;
}

/** What an engine knows of the stream it plays, for the statistics overlay and telemetry (issue 41). */
export interface EngineStats {
  /** Playing LL-HLS parts now: low-latency mode on a playlist that offers them. */
  lowLatency: boolean;
  /** The playlist offers parts (`EXT-X-PART`), whatever the mode. */
  partsOffered: boolean;
  /** Wall clock minus the EXT-X-PROGRAM-DATE-TIME of the frame shown, ms; null without a date. */
  latencyMs: number | null;
  /** The distance behind the live edge the engine aims for, ms; null when it has none. */
  targetLatencyMs: number | null;
  /** The rendition playing. */
  bitrate: number;
  height: number;
}

/**
 * One interface for every way of getting a stream into a media element (hls.js, native HLS, shaka-player).
 * The core never imports an engine module statically: `loadEngine` picks one and imports it on demand.
 */
export interface Engine {
  readonly name: 'hls' | 'native' | 'shaka';
  /** Attaches to the element and starts loading `src` (the source's or its fallback). */
  load(
    media: HTMLMediaElement,
    source: PlayerSource,
    src: string,
    events: EngineEvents,
    options?: EngineLoadOptions,
  ): Promise<void>;
  /** The engine's own idea of the live position (hls.js knows the target latency), when it has one. */
  liveSyncPosition?(): number | null;
  /** What it plays now (issue 41), when it can tell. */
  stats?(): EngineStats | null;
  /**
   * Low-latency to the standard distance without a reload (decision 0443: after repeated stalls). False when the
   * engine cannot, and the core reloads instead.
   */
  leaveLowLatency?(): boolean;
  /** -1 = Auto (adaptive). */
  setLevel(index: number): void;
  /** Plays the audio language of this id (from `tracks`). */
  setAudioTrack?(id: string): void;
  /** Shows the subtitles of this id; null turns them off. */
  setTextTrack?(id: string | null): void;
  destroy(): void;
}

export type EngineLoader = (source: PlayerSource, media: HTMLMediaElement) => Promise<Engine>;
