/**
 * The transcode ladder, a channel's `ladder` video option (issue 17, decision 0270): one ffmpeg decodes the input
 * once and encodes it into these H.264 renditions, each with AAC audio and a keyframe on every segment boundary,
 * packaged as CMAF HLS side by side. Each rung is scaled to the input and never up: its height is the smaller of
 * its cap and its share of the input's height (1080/720/360 from a 1080 input, 720/480/240 from a 720 one), so
 * the rungs always differ and a small input is not blown up.
 */
/** The one rendition of a channel without the ladder: the input's own (remuxed, or transcoded by `h264`). */
export const SOURCE_RENDITION = 'src';

export interface LadderRung {
  /** Path segment of the rendition (`/media/live/<id>/<name>/…`), the spec §9 quality names. */
  name: 'hd' | 'sd' | 'lq';
  /** Largest height, pixels. */
  maxHeight: number;
  /** Share of the input's height. */
  share: string;
  /** Ceiling of the capped-quality encode (x264 CRF 23 under a VBV cap), kbit/s. */
  maxKbps: number;
}

export const LADDER: readonly LadderRung[] = [
  { name: 'hd', maxHeight: 1080, share: '1', maxKbps: 5000 },
  { name: 'sd', maxHeight: 720, share: '2/3', maxKbps: 2800 },
  { name: 'lq', maxHeight: 360, share: '1/3', maxKbps: 800 },
];

/** The video filter graph: the first video stream split once per rung, each scaled (even sizes, H.264 wants them). */
export function ladderFilter(): string {
  const split = `[0:v:0]split=${LADDER.length}${LADDER.map((_, i) => `[in${i}]`).join('')}`;
  const scales = LADDER.map(
    (r, i) => `[in${i}]scale=w=-2:h='trunc(min(${r.maxHeight},ih*${r.share})/2)*2',setsar=1[v${i}]`,
  );
  return [split, ...scales].join(';');
}

/** Transcoded video (the `h264` option and every rung): a keyframe on every segment boundary, so each segment starts independently. */
export function h264Args(segmentSec: number): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    // No look-ahead and no B-frames: a frame leaves the encoder as it comes in, not half a second later, which
    // would be more than a part (LL-HLS, decision 0442). A few per cent more bits at the same quality.
    '-tune',
    'zerolatency',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${segmentSec})`,
    '-sc_threshold',
    '0',
  ];
}

/** One rung's encoder: capped quality (CRF 23 under a VBV ceiling), so a plain picture spends few bits. */
export function rungVideoArgs(r: LadderRung, segmentSec: number): string[] {
  return [
    ...h264Args(segmentSec),
    '-crf',
    '23',
    '-maxrate',
    `${r.maxKbps}k`,
    '-bufsize',
    `${2 * r.maxKbps}k`,
  ];
}

/** The renditions a channel packages with its video option: the ladder's rungs, or the input's own. */
export function renditionsOf(video: string | undefined): string[] {
  return video === 'ladder' ? LADDER.map((r) => r.name) : [SOURCE_RENDITION];
}
