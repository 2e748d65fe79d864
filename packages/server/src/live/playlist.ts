import { type ListedSegment, liveListing, type PartialSegments } from '../origin/lowLatency.ts';
import type { TimelineSegment } from './timeline.ts';

export interface TimelinePlaylist {
  /** The segments to list, in order (a window of the timeline). */
  segments: TimelineSegment[];
  /** Discontinuities before the first listed segment (EXT-X-DISCONTINUITY-SEQUENCE). */
  discontinuitySequence: number;
  /** Appended to every URI (`?token=…`). */
  query: string;
  type?: 'EVENT' | 'VOD';
  endList?: boolean;
  key?: { uri: string; method: 'AES-128' | 'SAMPLE-AES-CTR' };
  /** The live window's partial segments (LL-HLS, issue 41). */
  partial?: PartialSegments;
  /** A delta update was asked for (`_HLS_skip=YES`). */
  skip?: boolean;
}

/** Discontinuities in a timeline before index `i`: each change of init segment is one. */
export function discontinuitiesBefore(all: TimelineSegment[], i: number): number {
  let d = 0;
  for (let k = 1; k <= i && k < all.length; k++)
    if ((all[k] as TimelineSegment).initId !== (all[k - 1] as TimelineSegment).initId) d++;
  return d;
}

/**
 * A media playlist of a recorded or relayed channel (RFC 8216): segment durations as measured, the wall clock
 * on every segment, and EXT-X-DISCONTINUITY with a new EXT-X-MAP only where the init segment changes (a source
 * with other codec settings); restarts and switches with the same settings need none (decision 0221).
 */
export function timelinePlaylist(p: TimelinePlaylist): string {
  const first = p.segments[0];
  const target = Math.max(1, ...p.segments.map((s) => Math.round(s.durationSec)));
  const listed: ListedSegment[] = [];
  let initId: number | undefined;
  for (const s of p.segments) {
    const lines: string[] = [];
    if (s.initId !== initId) {
      if (initId !== undefined) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXT-X-MAP:URI="init-${s.initId}.mp4${p.query}"`);
      if (p.key) lines.push(`#EXT-X-KEY:METHOD=${p.key.method},URI="${p.key.uri}${p.query}"`);
      initId = s.initId;
    }
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startMs).toISOString()}`,
      `#EXTINF:${s.durationSec.toFixed(3)},`,
      `${s.n}.m4s${p.query}`,
    );
    listed.push({ n: s.n, durationSec: s.durationSec, lines });
  }
  // A delta update leaves out whole segments of one init only.
  const oneMap = p.segments.every((s) => s.initId === first?.initId);
  const live = liveListing(listed, { partial: p.partial, skip: p.skip, query: p.query, oneMap });
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${live.version}`,
    `#EXT-X-TARGETDURATION:${target}`,
    ...live.control,
    `#EXT-X-MEDIA-SEQUENCE:${first?.n ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${p.discontinuitySequence}`,
  ];
  if (p.type) lines.push(`#EXT-X-PLAYLIST-TYPE:${p.type}`);
  lines.push('#EXT-X-INDEPENDENT-SEGMENTS', ...live.skip, ...live.segments);
  if (p.endList) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
