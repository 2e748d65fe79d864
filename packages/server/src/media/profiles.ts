/**
 * What preparation encodes: the looks of the looping sources and the renditions of each profile.
 *
 * Loop lengths are multiples of 8 s: at 48 kHz an AAC frame is 1024 samples, and 8 s is the shortest length
 * that holds a whole number of frames (375) and of 2 s segments, so a loop's audio and video end together and
 * a live stream can repeat it forever without the two drifting apart.
 */

export type ProfileName = 'full' | 'tiny';

/** Spec §9 quality codes and names. */
export const QUALITY = {
  LQ: 20,
  SD: 1,
  HD: 2,
} as const;
export type QualityName = keyof typeof QUALITY;

export interface RenditionPlan {
  /** Path segment and quality name: `lq`, `sd`, `hd`. */
  name: string;
  quality: QualityName;
  width: number;
  height: number;
  videoKbps: number;
}

export interface SourcePlan {
  name: string;
  kind: 'video' | 'audio';
  /** Burnt into the picture (when a font exists) and shown in logs. */
  label: string;
  loopSec: number;
  /** lavfi video generator at the given size and rate, before any text; `{W}`/`{H}`/`{R}` are replaced. */
  video?: string;
  /** Used instead of `video` when no font exists, so the looks still differ. */
  videoNoFont?: string;
  /** lavfi audio generator (48 kHz). */
  audio: string;
  /** Second line of text (the fallback clip's explanation). */
  subtitle?: string;
  /**
   * Alternate audio languages (issue 20 §3, decision 0290): each becomes an audio-only rendition
   * `audio-<language>` offered beside the variants (HLS `#EXT-X-MEDIA TYPE=AUDIO`); the first is the default.
   */
  audioTracks?: AlternatePlan[];
  /** WebVTT subtitle languages: `subs-<language>`, one cue per segment saying `text` and the loop time. */
  subtitles?: AlternatePlan[];
}

/** One alternate language of a source: BCP 47 language, its own name (shown in menus) and what it carries. */
export interface AlternatePlan {
  language: string;
  label: string;
  /** Audio: a lavfi generator (48 kHz); subtitles: the cue text before the time. */
  content: string;
}

/**
 * The two languages the samples carry: English a steady 440 Hz tone, Spanish 880 Hz (an octave up, told apart
 * by ear and by a frequency analysis); subtitles in each language.
 */
const LANGUAGE_TRACKS: Pick<SourcePlan, 'audioTracks' | 'subtitles'> = {
  audioTracks: [
    { language: 'en', label: 'English', content: 'sine=f=440:sample_rate=48000' },
    { language: 'es', label: 'Español', content: 'sine=f=880:sample_rate=48000' },
  ],
  subtitles: [
    { language: 'en', label: 'English', content: 'English subtitles' },
    { language: 'es', label: 'Español', content: 'Subtítulos en español' },
  ],
};

export const SEGMENT_SEC = 2;
/** Frames a second of the sample media (and of every title the console transcodes). */
export const FPS = 25;
/**
 * The `tiny` profile's frames a second: the tests play its video in Chromium for many minutes a run, and decoding
 * and drawing cost by the frame (measured, decision 0378: a 240p loop took 0.127 CPU s a second at 25, 0.058 at 10).
 */
const TINY_FPS = 10;
export const AUDIO_RATE = 48_000;
export const AUDIO_KBPS = 96;

const RENDITIONS: RenditionPlan[] = [
  { name: 'lq', quality: 'LQ', width: 426, height: 240, videoKbps: 350 },
  { name: 'sd', quality: 'SD', width: 854, height: 480, videoKbps: 1100 },
  { name: 'hd', quality: 'HD', width: 1280, height: 720, videoKbps: 2400 },
];

const SOURCES: SourcePlan[] = [
  {
    name: 'ch1',
    kind: 'video',
    label: 'OTT CH1',
    loopSec: 32,
    video: 'testsrc2=s={W}x{H}:r={R}',
    audio: 'sine=f=440:beep_factor=4:sample_rate=48000',
    ...LANGUAGE_TRACKS,
  },
  {
    name: 'ch2',
    kind: 'video',
    label: 'OTT CH2',
    loopSec: 24,
    // Colour bars with a white square sweeping across, so motion shows the stream is live.
    video:
      'smptehdbars=s={W}x{H}:r={R}[bars];color=c=white:s=96x96:r={R}[sq];[bars][sq]overlay=x=mod(t*240\\,W):y=H*0.72',
    audio: 'sine=f=550:beep_factor=2:sample_rate=48000',
  },
  {
    name: 'ch3',
    kind: 'video',
    label: 'OTT CH3',
    loopSec: 16,
    video:
      'life=s=320x180:r={R}:mold=10:ratio=0.12:seed=7:life_color=#40c0ff:death_color=#102040:mold_color=#a02060,scale={W}:{H}:flags=neighbor',
    audio: 'sine=f=660:beep_factor=3:sample_rate=48000',
  },
  {
    name: 'fallback',
    kind: 'video',
    label: 'NO AUTHORITY',
    subtitle: 'Subscribe to watch this channel',
    loopSec: 8,
    video: 'color=c=#2a1030:s={W}x{H}:r={R}',
    videoNoFont: 'smptebars=s={W}x{H}:r={R},hue=s=0',
    audio: 'sine=f=330:beep_factor=1:sample_rate=48000,volume=0.3',
  },
  {
    name: 'film',
    kind: 'video',
    label: 'OTT FILM',
    loopSec: 16,
    // On-demand titles (origin/vod.ts repeats this loop to each title's length).
    video:
      'color=c=#0b3d2e:s={W}x{H}:r={R}[bg];color=c=#f0c020:s=120x120:r={R}[sq];[bg][sq]overlay=x=W*0.1+mod(t*120\\,W*0.8):y=H*0.7-abs(sin(t*2))*H*0.2',
    videoNoFont: 'rgbtestsrc=s={W}x{H}:r={R}',
    audio: 'sine=f=392:beep_factor=2:sample_rate=48000',
    ...LANGUAGE_TRACKS,
  },
  {
    name: 'trailer',
    kind: 'video',
    label: 'TRAILER',
    loopSec: 8,
    video:
      'color=c=#5a1a00:s={W}x{H}:r={R}[bg];color=c=white:s=80x80:r={R}[sq];[bg][sq]overlay=x=mod(t*300\\,W):y=H*0.75',
    videoNoFont: 'pal100bars=s={W}x{H}:r={R}',
    audio: 'sine=f=494:beep_factor=4:sample_rate=48000',
  },
  {
    name: 'audio1',
    kind: 'audio',
    label: 'Radio',
    loopSec: 32,
    // A quiet C major chord with a slow tremolo: pleasant, and clearly not silence.
    audio:
      'aevalsrc=(0.15*sin(2*PI*261.63*t)+0.12*sin(2*PI*329.63*t)+0.1*sin(2*PI*392*t))*(0.75+0.25*sin(2*PI*0.5*t)):s=48000',
  },
];

export interface Profile {
  name: ProfileName;
  /** Frames a second of every video rendition (a whole number of frames in each 2 s segment). */
  fps: number;
  renditions: RenditionPlan[];
  sources: SourcePlan[];
}

/** `full`: three renditions and the loops above. `tiny` (tests): one small rendition, 8 s loops, 10 frames a second. */
export function profile(name: ProfileName): Profile {
  if (name === 'full') return { name, fps: FPS, renditions: RENDITIONS, sources: SOURCES };
  return {
    name,
    fps: TINY_FPS,
    renditions: RENDITIONS.filter((r) => r.name === 'lq'),
    sources: SOURCES.map((s) => ({ ...s, loopSec: 8 })),
  };
}
