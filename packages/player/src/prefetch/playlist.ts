/** Just enough HLS playlist reading to warm a channel: the variants of a master, the live edge of a media list. */

export interface Variant {
  bandwidth: number;
  url: string;
}

export interface LiveEdge {
  /** The initialisation segment (`#EXT-X-MAP`), when the stream has one. */
  init?: string;
  /** The segment hls.js starts a live stream with (see `startSegment`). */
  first?: string;
}

const abs = (uri: string, base: string) => new URL(uri, base).href;

/** The variants of a multivariant playlist; empty for a media playlist. */
export function variants(text: string, base: string): Variant[] {
  const lines = text.split(/\r?\n/);
  const out: Variant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bw = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const uri = lines.slice(i + 1).find((l) => l.trim() && !l.startsWith('#'));
    if (uri) out.push({ bandwidth: bw, url: abs(uri.trim(), base) });
  });
  return out;
}

/**
 * The init segment and the segment a live start plays first. hls.js starts `syncCount` target durations before
 * the end of the list (`liveSyncDurationCount`, 3 in the player's configuration): the segment holding that point.
 */
export function liveEdge(text: string, base: string, syncCount = 3): LiveEdge {
  const lines = text.split(/\r?\n/);
  const target = Number(/#EXT-X-TARGETDURATION:(\d+(?:\.\d+)?)/.exec(text)?.[1] ?? 0);
  const map = /#EXT-X-MAP:.*URI="([^"]+)"/.exec(text)?.[1];
  const segments: { url: string; end: number }[] = [];
  let duration = 0;
  let end = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.trim() && !line.startsWith('#')) {
      end += duration;
      segments.push({ url: abs(line.trim(), base), end });
    }
  }
  const start = Math.max(0, end - syncCount * target);
  const first = segments.find((s) => s.end > start)?.url;
  return { init: map ? abs(map, base) : undefined, first };
}
