/** Just enough HLS playlist reading to warm a channel: the variants of a master, the live edge of a media list. */

export interface Variant {
  bandwidth: number;
  url: string;
}

export interface LiveEdge {
  /** The initialisation segment (`#EXT-X-MAP`), when the stream has one. */
  init?: string;
  /** The segment hls.js starts a live stream with at the standard distance. */
  first?: string;
  /**
   * Low-latency mode on a playlist with parts (issue 41): the parts hls.js starts with instead, from the last
   * independent part at or before PART-HOLD-BACK from the end, to the end.
   */
  parts?: string[];
}

interface ListedPart {
  url: string;
  durationSec: number;
  independent: boolean;
}

const attr = (line: string, name: string) => new RegExp(`(?:^|[:,])${name}=("([^"]*)"|[^,]*)`).exec(line);

/**
 * The parts hls.js in low-latency mode loads first: it starts PART-HOLD-BACK before the end (or later, for a
 * playlist already some time old, down to the last part), and decodes from the independent part before that.
 */
function startParts(parts: ListedPart[], holdBackSec: number): string[] {
  const anyIndependent = parts.some((p) => p.independent);
  let fromEnd = 0;
  let first = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i] as ListedPart;
    fromEnd += p.durationSec;
    first = i;
    // This part starts `fromEnd` before the end: at or before the start point, and decodable from here.
    if (fromEnd >= holdBackSec - 1e-6 && (p.independent || !anyIndependent)) break;
  }
  return parts.slice(first).map((p) => p.url);
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
 * In low-latency mode, on a playlist with parts and PART-HOLD-BACK, the parts it starts with instead.
 */
export function liveEdge(text: string, base: string, syncCount = 3, lowLatency = false): LiveEdge {
  const lines = text.split(/\r?\n/);
  const holdBack = Number(/#EXT-X-SERVER-CONTROL:.*PART-HOLD-BACK=(\d+(?:\.\d+)?)/.exec(text)?.[1] ?? 0);
  const parts: ListedPart[] = [];
  const target = Number(/#EXT-X-TARGETDURATION:(\d+(?:\.\d+)?)/.exec(text)?.[1] ?? 0);
  const map = /#EXT-X-MAP:.*URI="([^"]+)"/.exec(text)?.[1];
  const segments: { url: string; end: number }[] = [];
  let duration = 0;
  let end = 0;
  /** Seconds of the parts listed after the last whole segment (the segment being made). */
  let trailing = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PART:')) {
      const uri = attr(line, 'URI')?.[2];
      const durationSec = Number.parseFloat(attr(line, 'DURATION')?.[1] ?? '0');
      trailing += durationSec;
      if (uri)
        parts.push({
          url: abs(uri, base),
          durationSec,
          independent: attr(line, 'INDEPENDENT')?.[1] === 'YES',
        });
    } else if (line.trim() && !line.startsWith('#')) {
      trailing = 0;
      end += duration;
      segments.push({ url: abs(line.trim(), base), end });
    }
  }
  const init = map ? abs(map, base) : undefined;
  if (lowLatency && holdBack > 0 && parts.length) return { init, parts: startParts(parts, holdBack) };
  // hls.js's live edge is the end of the last part: the parts of the segment being made count.
  const start = Math.max(0, end + trailing - syncCount * target);
  const first = segments.find((s) => s.end > start)?.url;
  return { init, first };
}
