/**
 * HLS playlist text (RFC 8216), as pure functions of numbers: which segments, which tags. The wall clock
 * enters only through the arguments, so tests drive it with a fake clock.
 */
import type { AlternateAudio, AlternateInfo, RenditionMedia } from '../media/library.ts';
import { FPS } from '../media/profiles.ts';
import { type ListedSegment, liveListing, type PartialSegments } from './lowLatency.ts';

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
  /** A live channel's partial segments (LL-HLS, issue 41): parts, server control, the preload hint. */
  partial?: PartialSegments;
  /** A delta update was asked for (`_HLS_skip=YES`). */
  skip?: boolean;
}

export function mediaPlaylist(p: MediaPlaylist): string {
  const extinf = `#EXTINF:${p.segmentSec.toFixed(3)},`;
  const segments: ListedSegment[] = [];
  for (let n = p.range.first; n <= p.range.last; n++) {
    const last = n === p.range.last && p.lastSegmentSec !== undefined;
    segments.push({
      n,
      durationSec: last ? (p.lastSegmentSec as number) : p.segmentSec,
      lines: [
        ...(p.programDateTime
          ? [`#EXT-X-PROGRAM-DATE-TIME:${new Date(p.programDateTime(n)).toISOString()}`]
          : []),
        last ? `#EXTINF:${p.lastSegmentSec?.toFixed(3)},` : extinf,
        `${n}.m4s${p.query}`,
      ],
    });
  }
  const live = liveListing(segments, { partial: p.partial, skip: p.skip, query: p.query });
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${live.version}`,
    `#EXT-X-TARGETDURATION:${Math.ceil(p.segmentSec)}`,
    ...live.control,
    `#EXT-X-MEDIA-SEQUENCE:${p.range.first}`,
  ];
  if (p.type) lines.push(`#EXT-X-PLAYLIST-TYPE:${p.type}`);
  lines.push('#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-MAP:URI="init.mp4${p.query}"`);
  if (p.key) lines.push(`#EXT-X-KEY:METHOD=${p.key.method},URI="${p.key.uri}${p.query}"`);
  lines.push(...live.skip, ...live.segments);
  if (p.endList) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** A source's other languages, offered as HLS alternate renditions (issue 20 §3). */
export interface Alternates {
  audioTracks?: AlternateAudio[];
  subtitles?: AlternateInfo[];
}

export const AUDIO_GROUP = 'audio';
export const SUBTITLE_GROUP = 'subs';

/** `#EXT-X-MEDIA` lines: the first language of each group is the default; subtitles start off (not DEFAULT). */
function mediaTags(alt: Alternates, query: string): string[] {
  const tag = (type: string, group: string, t: AlternateInfo, i: number, extra: string) =>
    `#EXT-X-MEDIA:TYPE=${type},GROUP-ID="${group}",LANGUAGE="${t.language}",NAME="${t.label}",` +
    `DEFAULT=${type === 'AUDIO' && i === 0 ? 'YES' : 'NO'},AUTOSELECT=YES,${extra}URI="${t.name}/index.m3u8${query}"`;
  return [
    ...(alt.audioTracks ?? []).map((t, i) => tag('AUDIO', AUDIO_GROUP, t, i, 'CHANNELS="2",')),
    ...(alt.subtitles ?? []).map((t, i) => tag('SUBTITLES', SUBTITLE_GROUP, t, i, 'FORCED=NO,')),
  ];
}

/**
 * The multivariant playlist: one variant per rendition, lowest bandwidth first so players start fast and
 * climb. Audio-only renditions have no RESOLUTION; their CODECS is the audio codec alone. A source with other
 * languages lists them as alternate renditions and names their groups on every variant.
 */
export function masterPlaylist(renditions: RenditionMedia[], query: string, alt: Alternates = {}): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', ...mediaTags(alt, query)];
  for (const r of [...renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
    // A demuxed variant plays with one of the audio renditions: its figures and codecs count that audio too.
    const audio = alt.audioTracks?.[0];
    const attrs = [
      `BANDWIDTH=${r.bandwidth + (audio?.bandwidth ?? 0)}`,
      `AVERAGE-BANDWIDTH=${r.averageBandwidth + (audio?.averageBandwidth ?? 0)}`,
      `CODECS="${audio ? `${r.codecs},${audio.codecs}` : r.codecs}"`,
    ];
    if (r.width && r.height)
      attrs.push(`RESOLUTION=${r.width}x${r.height}`, `FRAME-RATE=${(r.frameRate ?? FPS).toFixed(3)}`);
    if (alt.audioTracks?.length) attrs.push(`AUDIO="${AUDIO_GROUP}"`);
    if (alt.subtitles?.length) attrs.push(`SUBTITLES="${SUBTITLE_GROUP}"`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${r.name}/index.m3u8${query}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Lines of a media playlist a subtitle language leaves out: no init segment, no key, no LL-HLS parts. */
const NOT_FOR_SUBTITLES = [
  '#EXT-X-MAP:',
  '#EXT-X-KEY:',
  '#EXT-X-SERVER-CONTROL:',
  '#EXT-X-PART-INF:',
  '#EXT-X-PART:',
  '#EXT-X-PRELOAD-HINT:',
];

/**
 * A subtitle language's media playlist, from the same stream's media playlist: the same segment numbers and
 * times, as `.vtt` files, with no initialisation segment and no key (subtitles are sent in the clear). Whole
 * segments only: the parts of a low-latency playlist are the video's fMP4 (issue 41), and a player in low-latency
 * mode loaded them as subtitles. The segment being made is listed whole (`segmentSec`, with its date): a player
 * 1.2 s behind the source plays inside it, and a looped sample's cues for it exist already (decision 0442).
 */
export function subtitlePlaylist(media: string, segmentSec?: number): string {
  const making = /^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(\d+)\.\d+\.m4s(\?[^"]*)?"/m.exec(media);
  const lines = media.split('\n').filter((l) => !NOT_FOR_SUBTITLES.some((tag) => l.startsWith(tag)));
  const last = lines.findLastIndex((l) => l.trim() !== '');
  const dated = lines[last]?.startsWith('#EXT-X-PROGRAM-DATE-TIME:');
  if (making && segmentSec) {
    // Its date, when the playlist gave it (as the last line once the parts are gone), stays before it.
    lines.splice(last + 1, 0, `#EXTINF:${segmentSec.toFixed(3)},`, `${making[1]}.vtt${making[2] ?? ''}`);
  } else if (dated) lines.splice(last, 1);
  return lines.map((l) => l.replace(/^(\d+)\.m4s/, '$1.vtt')).join('\n');
}

/** 90 kHz MPEG-2 timestamps wrap at 33 bits (the HLS spec's X-TIMESTAMP-MAP carries one). */
const MPEGTS_WRAP = 2 ** 33;

/**
 * Segment n of a subtitle language: the loop's file with the X-TIMESTAMP-MAP that puts its cues (timed from 0)
 * at the segment's start, n × segmentSec on the media timeline (the fMP4 decode time of segment n).
 */
export function subtitleSegment(loopFile: string, n: number, segmentSec: number): string {
  const mpegts = (n * segmentSec * 90_000) % MPEGTS_WRAP;
  return loopFile.replace(
    /^WEBVTT[^\n]*\n/,
    (head) => `${head}X-TIMESTAMP-MAP=MPEGTS:${mpegts},LOCAL:00:00:00.000\n`,
  );
}
