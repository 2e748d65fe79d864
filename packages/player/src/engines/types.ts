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

/**
 * One interface for every way of getting a stream into a media element (hls.js, native HLS, shaka-player).
 * The core never imports an engine module statically: `loadEngine` picks one and imports it on demand.
 */
export interface Engine {
  readonly name: 'hls' | 'native' | 'shaka';
  /** Attaches to the element and starts loading `src` (the source's or its fallback). */
  load(media: HTMLMediaElement, source: PlayerSource, src: string, events: EngineEvents): Promise<void>;
  /** The engine's own idea of the live position (hls.js knows the target latency), when it has one. */
  liveSyncPosition?(): number | null;
  /** -1 = Auto (adaptive). */
  setLevel(index: number): void;
  /** Plays the audio language of this id (from `tracks`). */
  setAudioTrack?(id: string): void;
  /** Shows the subtitles of this id; null turns them off. */
  setTextTrack?(id: string | null): void;
  destroy(): void;
}

export type EngineLoader = (source: PlayerSource, media: HTMLMediaElement) => Promise<Engine>;
