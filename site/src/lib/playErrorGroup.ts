/**
 * What kind of failure a player's error code is, for the console (issue 37): the player reports its engine's
 * code (hls.js's `manifestLoadError`, shaka-player's `SHAKA_6007`, the browser's `MEDIA_ERR_3`), which is no
 * text for an operator to read. The dashboard counts playback errors by these groups, in words.
 */
export const PLAY_ERROR_GROUPS = ['playlist', 'segment', 'key', 'decode', 'start', 'other'] as const;
export type PlayErrorGroup = (typeof PLAY_ERROR_GROUPS)[number];

// shaka-player's error categories are the thousands of its code (shaka.util.Error.Category): 1 network,
// 2 text, 3 media, 4 manifest, 6 DRM, 7 player, 8 cast, 9 storage, 10 ads.
const SHAKA_CATEGORY: Record<number, PlayErrorGroup> = { 1: 'segment', 3: 'decode', 4: 'playlist', 6: 'key' };

export function playErrorGroup(code: string): PlayErrorGroup {
  const shaka = /^SHAKA_(\d+)$/.exec(code);
  if (shaka) return SHAKA_CATEGORY[Math.floor(Number(shaka[1]) / 1000)] ?? 'other';
  if (/^(manifest|level|audioTrack|subtitleTrack)(Load|Parsing)/.test(code)) return 'playlist';
  if (/^(manifestIncompatibleCodecs|levelEmpty)/.test(code)) return 'playlist';
  if (/^frag(Load|Gap)/.test(code)) return 'segment';
  if (/^key(System|Load)/.test(code)) return 'key';
  if (/^(MEDIA_ERR_|buffer|fragParsing|fragDecrypt)/.test(code)) return 'decode';
  if (/^(ENGINE_LOAD|UNSUPPORTED)$/.test(code)) return 'start';
  return 'other';
}

/** Counts by group, most first; the rows whose code is not kept (days rolled up) stay apart, under `undefined`. */
export function countByGroup(rows: { kind: string; count: number }[]) {
  const counts = new Map<PlayErrorGroup | undefined, number>();
  for (const r of rows) {
    const g = r.kind ? playErrorGroup(r.kind) : undefined;
    counts.set(g, (counts.get(g) ?? 0) + r.count);
  }
  return [...counts].map(([group, count]) => ({ group, count })).sort((a, b) => b.count - a.count);
}
