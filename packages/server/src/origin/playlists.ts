/**
 * HLS playlist text (RFC 8216), as pure functions of numbers: which segments, which tags. The wall clock
 * enters only through the arguments, so tests drive it with a fake clock.
 */
import type { RenditionMedia } from '../media/library.ts';
import { FPS } from '../media/profiles.ts';

/** Segments listed by a live playlist: 6 × 2 s, twice the 3 target durations RFC 8216 §6.2.2 asks for. */
export const LIVE_WINDOW_SEGMENTS = 6;

export interface SegmentRange {
  /** First and last segment number, inclusive; segment n covers [n × segmentSec, (n + 1) × segmentSec). */
  first: number;
  last: number;
}

/** The newest segment that is complete at `nowMs`: the one that ended at or before now. */
export function liveEdge(nowMs: number, segmentSec: number): number {
  return Math.floor(nowMs / (segmentSec * 1000)) - 1;
}

/** The live window: the newest `windowSegments` complete segments. */
export function liveWindow(
  nowMs: number,
  segmentSec: number,
  windowSegments = LIVE_WINDOW_SEGMENTS,
): SegmentRange {
  const last = liveEdge(nowMs, segmentSec);
  return { first: last - windowSegments + 1, last };
}

export interface MediaPlaylist {
  range: SegmentRange;
  segmentSec: number;
  /** Appended to every URI the playlist lists (`?token=…`), so the token reaches every child request. */
  query: string;
  /** EVENT (catch-up still on air) or VOD (ended catch-up, on-demand); absent for a sliding live window. */
  type?: 'EVENT' | 'VOD';
  endList?: boolean;
  /** Segment n's wall-clock start, epoch ms: adds EXT-X-PROGRAM-DATE-TIME on every segment. */
  programDateTime?: (n: number) => number;
  /**
   * `#EXT-X-KEY` (URI without the query; the query is appended): AES-128 (whole segments, IV = sequence
   * number) or SAMPLE-AES-CTR (CENC 'cenc' samples; KEYFORMAT identity, the key id is in the init segment).
   */
  key?: { uri: string; method: 'AES-128' | 'SAMPLE-AES-CTR' };
  /** The last segment's real length when shorter (an uploaded video's end); segmentSec otherwise. */
  lastSegmentSec?: number;
}

export function mediaPlaylist(p: MediaPlaylist): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(p.segmentSec)}`,
    `#EXT-X-MEDIA-SEQUENCE:${p.range.first}`,
  ];
  if (p.type) lines.push(`#EXT-X-PLAYLIST-TYPE:${p.type}`);
  lines.push('#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-MAP:URI="init.mp4${p.query}"`);
  if (p.key) lines.push(`#EXT-X-KEY:METHOD=${p.key.method},URI="${p.key.uri}${p.query}"`);
  const extinf = `#EXTINF:${p.segmentSec.toFixed(3)},`;
  for (let n = p.range.first; n <= p.range.last; n++) {
    if (p.programDateTime)
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(p.programDateTime(n)).toISOString()}`);
    const last = n === p.range.last && p.lastSegmentSec !== undefined;
    lines.push(last ? `#EXTINF:${p.lastSegmentSec?.toFixed(3)},` : extinf, `${n}.m4s${p.query}`);
  }
  if (p.endList) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The multivariant playlist: one variant per rendition, lowest bandwidth first so players start fast and
 * climb. Audio-only renditions have no RESOLUTION; their CODECS is the audio codec alone.
 */
export function masterPlaylist(renditions: RenditionMedia[], query: string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attrs = [
      `BANDWIDTH=${r.bandwidth}`,
      `AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
      `CODECS="${r.codecs}"`,
    ];
    if (r.width && r.height) attrs.push(`RESOLUTION=${r.width}x${r.height}`, `FRAME-RATE=${FPS.toFixed(3)}`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${r.name}/index.m3u8${query}`);
  }
  return `${lines.join('\n')}\n`;
}
