import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { findFont, runFfmpeg } from './ffmpeg.ts';
import {
  MANIFEST,
  MEDIA_VERSION,
  type MediaLibrary,
  readManifest,
  type RenditionMedia,
  type SourceMedia,
} from './library.ts';
import { readFragment, readInit } from './mp4.ts';
import {
  AUDIO_KBPS,
  AUDIO_RATE,
  FPS,
  type Profile,
  type ProfileName,
  profile as profileOf,
  QUALITY,
  type RenditionPlan,
  SEGMENT_SEC,
  type SourcePlan,
} from './profiles.ts';

export interface PrepareOptions {
  dataDir: string;
  profile: ProfileName;
  /** Progress and timing lines; console.log by default. */
  log?: (msg: string) => void;
  /** Sources encoded at once; 2 fills this 2-core machine (x264 threads within each). */
  concurrency?: number;
  /** x264 preset; `veryfast` by default. */
  preset?: string;
  /**
   * A folder that keeps one prepared library per profile and preparation code (`OTTKIT_MEDIA_CACHE` by default):
   * the data folder gets hard links to it instead of an encode of its own. Empty: no cache.
   */
  cacheDir?: string;
}

/** The environment variable naming the media cache (the test run sets it, so the run encodes each profile once). */
export const MEDIA_CACHE_ENV = 'OTTKIT_MEDIA_CACHE';

/**
 * The cache's folder name for a profile: keyed by the preparation code too, so a changed look or encoder setting
 * is never hidden by an old cache.
 */
function cacheKey(profile: ProfileName): string {
  const code = createHash('sha256');
  for (const f of ['prepare.ts', 'profiles.ts', 'library.ts', 'ffmpeg.ts']) {
    code.update(readFileSync(new URL(`./${f}`, import.meta.url)));
  }
  return `ottkit-media-${profile}-v${MEDIA_VERSION}-${code.digest('hex').slice(0, 10)}`;
}

/** The profile prepared once in `<cacheDir>/<key>/media` (parallel callers wait for one encode) and returned from there. */
export function cachedMedia(cacheDir: string, profile: ProfileName): Promise<MediaLibrary> {
  return prepareMedia({ dataDir: join(cacheDir, cacheKey(profile)), profile, log: () => {}, cacheDir: '' });
}

/**
 * Prepares the media library once into `<dataDir>/media` and returns it. When the manifest there was written
 * by this version for this profile, it is reused as is. Otherwise everything is encoded into a staging folder
 * that replaces `media/` with one rename, so a crash or a concurrent start never leaves half a library.
 */
export async function prepareMedia(options: PrepareOptions): Promise<MediaLibrary> {
  const mediaDir = join(options.dataDir, 'media');
  const existing = readManifest(mediaDir, options.profile);
  if (existing) return existing;
  // One preparation per data folder at a time (parallel test files, two servers started together): the
  // others wait for it and then reuse its library instead of encoding the same media again.
  mkdirSync(options.dataDir, { recursive: true });
  const lock = join(options.dataDir, 'media.lock');
  while (!tryLock(lock)) await new Promise((r) => setTimeout(r, 250));
  try {
    return readManifest(mediaDir, options.profile) ?? (await prepare(options, mediaDir));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A lock folder (mkdir is atomic); one left by a crashed process is taken over after 10 minutes. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}

async function prepare(options: PrepareOptions, mediaDir: string): Promise<MediaLibrary> {
  const cache = options.cacheDir ?? process.env[MEDIA_CACHE_ENV] ?? '';
  if (cache) return fromCache(options, cache, mediaDir);
  const log = options.log ?? ((m: string) => console.log(m));
  const started = Date.now();
  const plan = profileOf(options.profile);
  const staging = join(options.dataDir, `media.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { recursive: true });
  const font = findFont();
  log(
    `media: preparing the ${plan.name} profile (${plan.sources.length} sources${font ? '' : ', no font: pattern-only looks'})`,
  );
  try {
    const sources: Record<string, SourceMedia> = {};
    const queue = [...plan.sources];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const t0 = Date.now();
        await encodeSource(staging, plan, s, font, options.preset ?? 'veryfast');
        await encodeAlternates(staging, s);
        sources[s.name] = describeSource(staging, plan, s);
        log(`media: ${s.name} (${s.loopSec} s loop) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
    const prepareMs = Date.now() - started;
    const manifest: Omit<MediaLibrary, 'dir'> = {
      version: MEDIA_VERSION,
      profile: plan.name,
      segmentSec: SEGMENT_SEC,
      preparedAt: new Date().toISOString(),
      prepareMs,
      sources: Object.fromEntries(plan.sources.map((s) => [s.name, sources[s.name] as SourceMedia])),
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // A concurrent start may have installed the same library meanwhile: keep it, drop ours.
    if (!readManifest(mediaDir, options.profile)) install(staging, mediaDir, options.dataDir);
    log(`media: prepared the ${plan.name} profile in ${(prepareMs / 1000).toFixed(1)} s`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const lib = readManifest(mediaDir, options.profile);
  if (!lib) throw new Error(`media: ${mediaDir} has no usable manifest after preparation`);
  return lib;
}

/** The data folder's library as hard links to the cache's copy (a file copy across file systems). */
async function fromCache(options: PrepareOptions, cache: string, mediaDir: string): Promise<MediaLibrary> {
  const cached = await cachedMedia(cache, options.profile);
  const staging = join(options.dataDir, `media.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    linkTree(cached.dir, staging);
    install(staging, mediaDir, options.dataDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const lib = readManifest(mediaDir, options.profile);
  if (!lib) throw new Error(`media: ${mediaDir} has no usable manifest after linking the cache`);
  return lib;
}

function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const [a, b] = [join(from, e.name), join(to, e.name)];
    if (e.isDirectory()) linkTree(a, b);
    else {
      try {
        linkSync(a, b);
      } catch {
        copyFileSync(a, b);
      }
    }
  }
}

/** Moves the staging folder into place, replacing an outdated library; a concurrent winner is kept. */
function install(staging: string, mediaDir: string, dataDir: string) {
  const old = join(dataDir, `media.old-${randomBytes(4).toString('hex')}`);
  try {
    renameSync(mediaDir, old);
  } catch {
    // No previous library.
  }
  try {
    renameSync(staging, mediaDir);
  } catch (err) {
    // Another process installed its library between our two renames: use theirs.
    if (!readManifest(mediaDir)) throw err;
  }
  rmSync(old, { recursive: true, force: true });
}

const text = (font: string, t: string, size: string, x: string, y: string, color = 'white') =>
  `drawtext=fontfile=${font}:text='${t}':fontsize=${size}:fontcolor=${color}:box=1:boxcolor=black@0.55:boxborderw=10:x=${x}:y=${y}`;

/** The audio chain: 48 kHz stereo, one AAC frame short and shifted by one frame (see below). */
function audioChain(s: SourcePlan): string {
  // ffmpeg's AAC encoder primes with one 1024-sample frame stamped before 0; the muxer would then shift every
  // track later by that frame. Starting the audio at +1024 samples puts the priming frame at 0 instead, and
  // feeding one frame less makes the loop exactly loopSec long in whole frames.
  const samples = s.loopSec * AUDIO_RATE - 1024;
  return `${s.audio},aformat=sample_rates=${AUDIO_RATE}:channel_layouts=stereo,atrim=end_sample=${samples},asetpts=PTS+1024/SR/TB`;
}

/** ffmpeg's fMP4 HLS output into `dir`: `init.mp4` and `<n>.m4s` of SEGMENT_SEC each (titles use it too). */
export function hlsOut(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return [
    ...[
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SEC),
      '-hls_segment_type',
      'fmp4',
      '-hls_playlist_type',
      'vod',
    ],
    ...[
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      join(dir, '%d.m4s'),
      join(dir, 'ffmpeg.m3u8'),
    ],
  ];
}

async function encodeSource(
  root: string,
  plan: Profile,
  s: SourcePlan,
  font: string | undefined,
  preset: string,
) {
  const audio = audioArgs();
  if (s.kind === 'audio') {
    const graph = `${audioChain(s)}[a]`;
    await runFfmpeg([
      '-filter_complex',
      graph,
      '-map',
      '[a]',
      ...audio,
      ...hlsOut(join(root, s.name, 'audio')),
    ]);
    return;
  }
  const top = plan.renditions.reduce((a, b) => (b.height > a.height ? b : a));
  const H = top.height;
  let gen = ((font ? s.video : (s.videoNoFont ?? s.video)) ?? '')
    .replaceAll('{W}', String(top.width))
    .replaceAll('{H}', String(H))
    .replaceAll('{R}', String(plan.fps));
  if (font) {
    const big = Math.round(H / 9);
    gen += `,${text(font, s.label, String(big), '(w-tw)/2', 'h*0.12')}`;
    gen += `,${text(font, '%{pts\\:hms}', String(Math.round(big * 0.7)), '(w-tw)/2', `h*0.12+${Math.round(big * 1.6)}`, 'yellow')}`;
    if (s.subtitle) gen += `,${text(font, s.subtitle, String(Math.round(big * 0.45)), '(w-tw)/2', 'h*0.62')}`;
  }
  const n = plan.renditions.length;
  const parts = [`${gen},format=yuv420p,split=${n}${plan.renditions.map((_, i) => `[s${i}]`).join('')}`];
  // A source with other languages is demuxed (decision 0290): its variants carry the picture alone and every
  // language is an audio rendition beside them, which is how HLS players switch audio (hls.js keeps playing
  // a variant's own audio otherwise).
  const muxed = !s.audioTracks?.length;
  if (muxed) parts.push(`${audioChain(s)},asplit=${n}${plan.renditions.map((_, i) => `[a${i}]`).join('')}`);
  plan.renditions.forEach((r, i) => {
    const tag = font ? `,${text(font, `${r.quality} ${r.height}p`, 'h/18', 'w-tw-16', 'h-th-16')}` : '';
    parts.push(`[s${i}]scale=${r.width}:${r.height}${tag}[v${i}]`);
  });
  const outputs = plan.renditions.flatMap((r, i) => [
    ...['-map', `[v${i}]`, ...(muxed ? ['-map', `[a${i}]`] : []), '-t', String(s.loopSec)],
    ...videoArgs(r, preset, plan.fps),
    ...(muxed ? audio : []),
    ...hlsOut(join(root, s.name, r.name)),
  ]);
  await runFfmpeg(['-filter_complex', parts.join(';'), ...outputs]);
}

/**
 * A source's other languages (issue 20 §3, decision 0290): each audio language is one audio-only ffmpeg run
 * into `audio-<language>/` (the same loop, frames and 2 s segments as the variants' own audio); each subtitle
 * language is one WebVTT file per loop segment in `subs-<language>/`, its cue timed from the segment's start.
 * The origin adds the X-TIMESTAMP-MAP of the segment it serves, since one loop file plays at many times.
 */
async function encodeAlternates(root: string, s: SourcePlan) {
  for (const t of s.audioTracks ?? []) {
    const graph = `${audioChain({ ...s, audio: t.content })}[a]`;
    await runFfmpeg([
      '-filter_complex',
      graph,
      '-map',
      '[a]',
      ...audioArgs(),
      ...hlsOut(join(root, s.name, `audio-${t.language}`)),
    ]);
  }
  for (const t of s.subtitles ?? []) {
    const dir = join(root, s.name, `subs-${t.language}`);
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < s.loopSec / SEGMENT_SEC; i++) {
      const at = i * SEGMENT_SEC;
      const clock = `${Math.floor(at / 60)}:${String(at % 60).padStart(2, '0')}`;
      const cue = `00:00:00.000 --> 00:00:${SEGMENT_SEC.toFixed(3).padStart(6, '0')}`;
      writeFileSync(join(dir, `${i}.vtt`), `WEBVTT\n\n${cue}\n${t.content} ${clock}\n`);
    }
  }
}

/** AAC stereo at 48 kHz, the ladder's one audio encoding. */
export const audioArgs = () => [
  '-c:a',
  'aac',
  '-b:a',
  `${AUDIO_KBPS}k`,
  '-ac',
  '2',
  '-ar',
  String(AUDIO_RATE),
];

/** H.264 with a keyframe exactly every 2 s, no scene-cut keyframes and no B-frames: every segment starts clean. */
export function videoArgs(r: RenditionPlan, preset: string, fps = FPS): string[] {
  const gop = String(fps * SEGMENT_SEC);
  return [
    ...['-c:v', 'libx264', '-preset', preset, '-pix_fmt', 'yuv420p', '-r', String(fps), '-bf', '0'],
    ...[
      '-g',
      gop,
      '-keyint_min',
      gop,
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SEC})`,
    ],
    ...[
      '-b:v',
      `${r.videoKbps}k`,
      '-maxrate',
      `${Math.round(r.videoKbps * 1.2)}k`,
      '-bufsize',
      `${r.videoKbps * 2}k`,
    ],
  ];
}

/**
 * Reads back what ffmpeg wrote and checks the loop invariants the live origin relies on: the right number of
 * segments, every track exactly loopSec long, every video segment starting at index × 2 s.
 */
function describeSource(root: string, plan: Profile, s: SourcePlan): SourceMedia {
  const segmentCount = s.loopSec / SEGMENT_SEC;
  const renditionPlans: (RenditionPlan | undefined)[] = s.kind === 'audio' ? [undefined] : plan.renditions;
  const renditions = renditionPlans.map((r) =>
    describeRendition(join(root, s.name, r?.name ?? 'audio'), s, r, plan.fps),
  );
  const audioTracks = s.audioTracks?.map((t) => {
    const name = `audio-${t.language}`;
    return { ...describeRendition(join(root, s.name, name), s), name, language: t.language, label: t.label };
  });
  const subtitles = s.subtitles?.map((t) => ({
    name: `subs-${t.language}`,
    language: t.language,
    label: t.label,
  }));
  return {
    name: s.name,
    kind: s.kind,
    label: s.label,
    loopSec: s.loopSec,
    segmentCount,
    renditions,
    ...(audioTracks && { audioTracks }),
    ...(subtitles && { subtitles }),
  };
}

/** One rendition folder as written by ffmpeg, checked against the loop invariants. */
function describeRendition(dir: string, s: SourcePlan, r?: RenditionPlan, fps = FPS): RenditionMedia {
  const segmentCount = s.loopSec / SEGMENT_SEC;
  rmSync(join(dir, 'ffmpeg.m3u8'), { force: true });
  const tracks = readInit(readFileSync(join(dir, 'init.mp4')));
  const totals = new Map<number, number>();
  let peak = 0;
  let bytes = 0;
  for (let i = 0; i < segmentCount; i++) {
    const seg = readFileSync(join(dir, `${i}.m4s`));
    peak = Math.max(peak, seg.length);
    bytes += seg.length;
    for (const t of readFragment(seg, tracks).tracks) {
      const track = tracks.find((x) => x.trackId === t.trackId);
      if (track?.kind === 'video' && t.decodeTime !== BigInt(i * SEGMENT_SEC * track.timescale))
        throw new Error(`media: ${s.name}/${r?.name} segment ${i} does not start at ${i * SEGMENT_SEC} s`);
      totals.set(t.trackId, (totals.get(t.trackId) ?? 0) + t.duration);
    }
  }
  for (const t of tracks) {
    if (totals.get(t.trackId) !== s.loopSec * t.timescale)
      throw new Error(
        `media: ${s.name}/${r?.name} ${t.kind} loop is ${totals.get(t.trackId)} ticks, not ${s.loopSec} s`,
      );
  }
  return {
    name: r?.name ?? 'audio',
    ...(r && {
      quality: r.quality,
      qualityCode: QUALITY[r.quality],
      width: r.width,
      height: r.height,
      frameRate: fps,
    }),
    bandwidth: Math.ceil((peak * 8) / SEGMENT_SEC),
    averageBandwidth: Math.ceil((bytes * 8) / s.loopSec),
    codecs: tracks.map((t) => t.codec).join(','),
    tracks,
  };
}
