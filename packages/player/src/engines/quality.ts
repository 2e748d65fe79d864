import type { QualityLevel } from '../core/types.ts';

/** Quality names of spec §9, by their code. */
export const QUALITY_NAMES = {
  1: 'SD',
  2: 'HD',
  3: 'UHD',
  4: '4k',
  5: '3D',
  6: '4K3D',
  20: 'LQ',
  21: 'HQ',
  22: 'SQ',
} as const;

/** The spec §9 name for a rendition: video by height, audio-only by bitrate. */
export function qualityName(height: number, bitrate: number): string {
  if (height >= 2160) return QUALITY_NAMES[4];
  if (height >= 1440) return QUALITY_NAMES[3];
  if (height >= 720) return QUALITY_NAMES[2];
  if (height > 0) return QUALITY_NAMES[1];
  if (bitrate >= 192_000) return QUALITY_NAMES[21];
  if (bitrate >= 96_000) return QUALITY_NAMES[22];
  return QUALITY_NAMES[20];
}

/** Levels with spec names; where two share a name (720 and 1080 are both HD) the height tells them apart. */
export function toLevels(list: ReadonlyArray<{ height?: number; bitrate?: number }>): QualityLevel[] {
  const levels = list.map((l, index) => {
    const height = l.height ?? 0;
    const bitrate = l.bitrate ?? 0;
    return { index, height, bitrate, name: qualityName(height, bitrate) };
  });
  const counts = new Map<string, number>();
  for (const l of levels) counts.set(l.name, (counts.get(l.name) ?? 0) + 1);
  return levels.map((l) =>
    (counts.get(l.name) ?? 0) > 1 && l.height > 0 ? { ...l, name: `${l.name} ${l.height}p` } : l,
  );
}
