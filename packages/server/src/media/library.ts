import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TrackInfo } from './mp4.ts';
import type { ProfileName, QualityName } from './profiles.ts';

/** Bumped whenever preparation changes what it writes; a manifest of another version is prepared again. */
export const MEDIA_VERSION = 5;

export interface RenditionMedia {
  /** Path segment: `lq`, `sd`, `hd` (spec §9 quality names) or `audio`. */
  name: string;
  quality?: QualityName;
  /** Spec §9 quality code: 20 LQ, 1 SD, 2 HD. */
  qualityCode?: number;
  width?: number;
  height?: number;
  /** Video frames a second (HLS FRAME-RATE); a library prepared before it was noted: FPS. */
  frameRate?: number;
  /** Peak bits per second over any one segment (HLS BANDWIDTH). */
  bandwidth: number;
  /** Mean bits per second over the loop (HLS AVERAGE-BANDWIDTH). */
  averageBandwidth: number;
  /** RFC 6381 codecs of the encoded streams, as HLS CODECS wants them: `avc1.42c01e,mp4a.40.2`. */
  codecs: string;
  tracks: TrackInfo[];
}

/** An alternate language of a source (issue 20 §3): `audio-<language>` or `subs-<language>`. */
export interface AlternateInfo {
  /** Path segment: `audio-en`, `subs-es`. */
  name: string;
  /** BCP 47 language. */
  language: string;
  /** The language's own name, shown in players' menus. */
  label: string;
}

/** An alternate audio language: an audio-only rendition with the same segment numbering as the variants. */
export type AlternateAudio = RenditionMedia & AlternateInfo;

/** One looping source: `loopSec / segmentSec` segments per rendition, numbered from 0. */
export interface SourceMedia {
  name: string;
  kind: 'video' | 'audio';
  label: string;
  loopSec: number;
  segmentCount: number;
  renditions: RenditionMedia[];
  /** Where its `<rendition>/` folders lie when not in the library's folder (a title's uploaded video). */
  dir?: string;
  /** Length of the last segment, seconds, when shorter than segmentSec (an uploaded video's end). */
  lastSegmentSec?: number;
  /** Alternate audio languages, the first the default (absent: the variants' own audio only). */
  audioTracks?: AlternateAudio[];
  /** WebVTT subtitles: `<name>/<index>.vtt` per loop segment, cue times relative to the segment's start. */
  subtitles?: AlternateInfo[];
}

export interface MediaLibrary {
  version: number;
  profile: ProfileName;
  /** `<dataDir>/media`: `<source>/<rendition>/init.mp4` and `<source>/<rendition>/<index>.m4s`. */
  dir: string;
  segmentSec: number;
  preparedAt: string;
  /** How long preparation took, ms. */
  prepareMs: number;
  sources: Record<string, SourceMedia>;
}

export const MANIFEST = 'manifest.json';

export function initPath(lib: MediaLibrary, source: string, rendition: string): string {
  return join(lib.dir, source, rendition, 'init.mp4');
}

export function segmentPath(lib: MediaLibrary, source: string, rendition: string, index: number): string {
  return join(lib.dir, source, rendition, `${index}.m4s`);
}

/** Reads `<mediaDir>/manifest.json`; undefined when missing, unreadable or of another version or profile. */
export function readManifest(mediaDir: string, profile?: ProfileName): MediaLibrary | undefined {
  const file = join(mediaDir, MANIFEST);
  if (!existsSync(file)) return undefined;
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as Omit<MediaLibrary, 'dir'>;
    if (m.version !== MEDIA_VERSION || (profile && m.profile !== profile)) return undefined;
    return { ...m, dir: mediaDir };
  } catch {
    return undefined;
  }
}
