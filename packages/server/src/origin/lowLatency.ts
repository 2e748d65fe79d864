/**
 * Low-latency HLS (RFC 8216bis §4.4.3.7-4.4.5.2, §6.2.5; issue 41): the tags a live playlist gains when its
 * channel offers partial segments, and the blocking-reload query a player sends. Pure functions of numbers, like
 * `playlists.ts`; a client that does not know LL-HLS ignores every tag here and plays the same playlist.
 */

/** A part's length: 2 s segments in five parts, exact at 10, 25, 30 and 50 frames a second (decision 0442). */
export const PART_SEC = 0.4;
/** Parts are listed for the segments of the last three target durations (RFC 8216bis §4.4.3.8). */
const PARTS_LISTED_SEC = 3 * 2;
/** Delta updates (`_HLS_skip=YES`) leave out segments older than this from the end: six target durations. */
const SKIP_UNTIL_SEC = 6 * 2;

export interface PartInfo {
  durationSec: number;
  /** Begins with a video sync sample (INDEPENDENT=YES). */
  independent: boolean;
}

/** What a live playlist needs to offer parts. */
export interface PartialSegments {
  /** Parts of a complete segment, when they are still kept. */
  partsOf(n: number): PartInfo[] | undefined;
  /** The segment being made: its number, its parts so far, and its wall-clock start (epoch ms). */
  current: { n: number; parts: PartInfo[]; startMs?: number };
  /** PART-TARGET when a packager's parts may be a little longer than PART_SEC (a frame's rounding at 29.97). */
  partTarget?: number;
}

/** The tags after EXT-X-TARGETDURATION. */
/** PART-HOLD-BACK is three part targets behind the newest part (the RFC asks for at least two). */
function lowLatencyHeader(skipUntilSec?: number, partTarget = PART_SEC): string[] {
  const skip = skipUntilSec ? `,CAN-SKIP-UNTIL=${skipUntilSec.toFixed(1)}` : '';
  return [
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES${skip},PART-HOLD-BACK=${(3 * partTarget).toFixed(3)}`,
    `#EXT-X-PART-INF:PART-TARGET=${partTarget.toFixed(3)}`,
  ];
}

/** Part k of segment n is `<n>.<k>.m4s`. */
export const partFile = (n: number, k: number) => `${n}.${k}.m4s`;
export const PART_FILE = /^(\d{1,15})\.(\d{1,2})\.m4s$/;

function partLines(n: number, parts: PartInfo[], query: string): string[] {
  return parts.map(
    (p, k) =>
      `#EXT-X-PART:DURATION=${p.durationSec.toFixed(3)},URI="${partFile(n, k)}${query}"` +
      (p.independent ? ',INDEPENDENT=YES' : ''),
  );
}

/** The next part, which a player may ask for before it exists (the origin holds the request until it does). */
const preloadHint = (n: number, k: number, query: string) =>
  `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${partFile(n, k)}${query}"`;

/**
 * The playlist's segments as listed: before each of the newest segments (the last PARTS_LISTED_SEC) its parts,
 * and after the last, the segment being made (its wall-clock start, its parts) and the hint of its next part.
 */
export interface ListedSegment {
  n: number;
  durationSec: number;
  /** Its tags and URI as a standard playlist lists them. */
  lines: string[];
}

function withParts(segments: ListedSegment[], p: PartialSegments, query: string): string[] {
  const out: string[] = [];
  let fromEnd = 0;
  const listed = new Set<number>();
  for (let i = segments.length - 1; i >= 0 && fromEnd < PARTS_LISTED_SEC - 1e-6; i--) {
    const s = segments[i] as (typeof segments)[number];
    listed.add(s.n);
    fromEnd += s.durationSec;
  }
  for (const s of segments) {
    const parts = listed.has(s.n) ? p.partsOf(s.n) : undefined;
    // The segment's own tags (its wall clock, a discontinuity) come first; its parts sit just before EXTINF.
    const at = s.lines.findIndex((l) => l.startsWith('#EXTINF'));
    out.push(...s.lines.slice(0, at), ...(parts ? partLines(s.n, parts, query) : []), ...s.lines.slice(at));
  }
  const c = p.current;
  if (c.startMs !== undefined && c.parts.length)
    out.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(c.startMs).toISOString()}`);
  out.push(...partLines(c.n, c.parts, query), preloadHint(c.n, c.parts.length, query));
  return out;
}

/**
 * A delta update (`_HLS_skip=YES`): how many of the first segments it leaves out, those that start more than
 * SKIP_UNTIL_SEC before the playlist's end. Never one with a discontinuity or a new map after it.
 */
function skippable(durations: number[]): number {
  let fromEnd = durations.reduce((a, b) => a + b, 0);
  let n = 0;
  for (const d of durations) {
    if (fromEnd <= SKIP_UNTIL_SEC + 1e-6) break;
    fromEnd -= d;
    n++;
  }
  return n;
}

/** CAN-SKIP-UNTIL is offered only by a playlist long enough for a delta update to leave something out. */
const canSkip = (segments: ListedSegment[]) =>
  segments.reduce((a, s) => a + s.durationSec, 0) > SKIP_UNTIL_SEC + 2 ? SKIP_UNTIL_SEC : undefined;

/**
 * What a live playlist's offer of parts adds around its segments, for both kinds of live playlist (the looped
 * samples' and a packaged timeline's): its version, the tags after EXT-X-TARGETDURATION, the EXT-X-SKIP of a delta
 * update and the segments as listed (with their parts). A playlist with more than one map (`oneMap` false) is
 * never cut by a delta update; a map or key the left-out segments carried stays with the first one listed.
 */
export function liveListing(
  segments: ListedSegment[],
  o: { partial?: PartialSegments; skip?: boolean; query: string; oneMap?: boolean },
) {
  const mayCut = o.oneMap !== false;
  const skipped = o.partial && o.skip && mayCut ? skippable(segments.map((x) => x.durationSec)) : 0;
  const kept = segments.slice(skipped);
  const head = (segments[0]?.lines ?? []).filter((l) => /^#EXT-X-(MAP|KEY):/.test(l));
  if (skipped && kept[0]) kept[0] = { ...kept[0], lines: [...head, ...kept[0].lines] };
  return {
    version: skipped ? 9 : 7,
    control: o.partial ? lowLatencyHeader(mayCut ? canSkip(segments) : undefined, o.partial.partTarget) : [],
    skip: skipped ? [`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`] : [],
    segments: o.partial ? withParts(kept, o.partial, o.query) : kept.flatMap((x) => x.lines),
  };
}

/** A playlist request's low-latency directives (§6.2.5.2). */
export interface Directives {
  msn?: number;
  part?: number;
  skip: boolean;
}

/** Reads `_HLS_msn`, `_HLS_part` and `_HLS_skip`; a part without a sequence number is a client's mistake. */
export function directivesOf(url: URL): Directives | { error: string } {
  const num = (name: string) => {
    const v = url.searchParams.get(name);
    if (v === null) return undefined;
    return /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
  };
  const msn = num('_HLS_msn');
  const part = num('_HLS_part');
  if (Number.isNaN(msn) || Number.isNaN(part)) return { error: '_HLS_msn and _HLS_part are whole numbers' };
  if (part !== undefined && msn === undefined) return { error: '_HLS_part needs _HLS_msn' };
  const skip = url.searchParams.get('_HLS_skip');
  return { msn, part, skip: skip === 'YES' || skip === 'v2' };
}

/** Where a live playlist stands: its newest whole segment, and the segment being made with its parts so far. */
export interface Newest {
  /** The newest whole segment, and how many parts it was made of. */
  complete: number;
  completeParts: number;
  /** The segment being made (complete + 1) and its parts so far. */
  current: number;
  parts: number;
}

/**
 * Whether a playlist already holds what a blocking request asks for: segment `msn` whole, or its part `part`.
 * A part past the last of a whole segment is the next segment's first (§6.2.5.2).
 */
export function holds(newest: Newest, d: { msn: number; part?: number }) {
  if (d.part === undefined) return newest.complete >= d.msn;
  let { msn, part } = d;
  // An older whole segment's parts are all there; the newest one's end where it ended.
  if (newest.complete === msn && part >= newest.completeParts) {
    msn += 1;
    part = 0;
  }
  if (newest.complete >= msn) return true;
  return newest.current === msn && newest.parts > part;
}

/** A request for a segment more than two past the newest is refused (§6.2.5.2: 400). */
export const tooFar = (newest: Newest, msn: number) => msn > newest.current + 1;

/** How long a blocking request may wait: three target durations, then 503 (§6.2.5.2). */
export const BLOCK_LIMIT_MS = 3 * 2000;
