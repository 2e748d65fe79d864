import { createPlayerCore, INITIAL_SNAPSHOT, type PlayerCore } from '../core/core.ts';
import type { PlayerSnapshot } from '../core/types.ts';

/**
 * A core frozen in one snapshot, for stories: the faces render exactly that state with no stream behind them.
 * Requests still reach a real (idle) core, so buttons do nothing harmful.
 */
export function scriptedCore(patch: Partial<PlayerSnapshot>): PlayerCore {
  const snapshot: PlayerSnapshot = { ...INITIAL_SNAPSHOT, ...patch };
  const core = createPlayerCore({ loadEngine: () => new Promise(() => {}) });
  return { ...core, getState: () => snapshot, subscribe: () => () => {} };
}

const svg = (text: string, hue: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="hsl(${hue} 55% 35%)"/><text x="80" y="52" font-size="18" text-anchor="middle" fill="#fff" font-family="sans-serif">${text}</text></svg>`,
  )}`;

export const storyLogo = svg('NEWS', 210);
export const storyPosters = [svg('Poster 1', 20), svg('Poster 2', 140), svg('Poster 3', 280)];
export const storyChannel = { name: 'World News', number: 101, logoUrl: storyLogo, id: 'lc-101' };

const HOUR = 3_600_000;
/** A fixed "now" so stories render the same every time. */
export const STORY_NOW = Date.UTC(2026, 0, 1, 12, 30);
export const storyProgramme = {
  title: 'World Report',
  start: STORY_NOW - HOUR / 2,
  stop: STORY_NOW + HOUR / 2,
};
export const storyNext = { title: 'Markets Tonight' };
export const storyQualities = [
  { index: 0, height: 360, bitrate: 800_000, name: 'SD' },
  { index: 1, height: 720, bitrate: 2_500_000, name: 'HD 720p' },
  { index: 2, height: 1080, bitrate: 5_000_000, name: 'HD 1080p' },
];

export function liveBar(positionBehindMs: number) {
  return {
    start: storyProgramme.start,
    end: storyProgramme.stop,
    live: STORY_NOW,
    seekableStart: storyProgramme.start,
    position: STORY_NOW - positionBehindMs,
    enabled: true,
  };
}

/** Two audio languages and two subtitle languages, Spanish subtitles showing (issue 20 §3). */
export const storyTracks = {
  audioTracks: [
    { id: '0', language: 'en', label: 'English' },
    { id: '1', language: 'es', label: 'Español' },
  ],
  audioTrack: '0',
  textTracks: [
    { id: '0', language: 'en', label: 'English' },
    { id: '1', language: 'es', label: 'Español' },
  ],
  textTrack: '1',
  cue: 'Subtítulos en español 0:06',
};
