import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpegPath } from './ffmpeg.ts';
import type { RenditionMedia, SourceMedia } from './library.ts';
import { readFragment, readInit } from './mp4.ts';
import { audioArgs, hlsOut, videoArgs } from './prepare.ts';
import { FPS, type ProfileName, profile as profileOf, QUALITY, SEGMENT_SEC } from './profiles.ts';
import { stagingPrefix, TITLE_SOURCE_FILE, UPLOADED_ASSET_ID } from './titleAssets.ts';

/**
 * A title's uploaded video into the same rendition ladder and packaging as the sample VOD (decision 0235):
 * H.264 + AAC in fMP4 segments of 2 s, one folder per rendition, so the origin signs, serves and encrypts it
 * exactly like the samples. Written into a staging folder that one rename puts in place: a title never has
 * half a video.
 */

/** What ffmpeg says about an input before encoding it. */
export interface Probe {
  durationSec: number;
  video: boolean;
  audio: boolean;
}

/**
 * ffmpeg dies with the process that started it, kill -9 included (Linux's parent-death signal, set by util-linux's
 * `setpriv` before it becomes ffmpeg): a transcode another process takes over (decision 0335) never races an
 * orphan of the dead one writing on. Elsewhere ffmpeg is started as is.
 */
const SETPRIV = '/usr/bin/setpriv';
const diesWithUs = (args: string[]): [string, string[]] =>
  process.platform === 'linux' && existsSync(SETPRIV)
    ? [SETPRIV, ['--pdeathsig', 'KILL', ffmpegPath(), ...args]]
    : [ffmpegPath(), args];

function run(args: string[], onLine?: (line: string) => void): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(...diesWithUs(['-hide_banner', '-nostdin', ...args]), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    // What `onLine` threw (its job was taken over by another process): ffmpeg is stopped and the run rejects
    // with it, never an exception thrown out of a stream's event.
    let stopped: unknown;
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-16_000);
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const l of lines) {
        if (stopped !== undefined) return;
        try {
          onLine?.(l);
        } catch (e) {
          stopped = e;
          child.kill('SIGKILL');
        }
      }
    });
    child.on('error', (e) => reject(new Error(`ffmpeg could not start: ${e.message}`)));
    child.on('close', (code) => (stopped === undefined ? resolve({ code, err }) : reject(stopped)));
  });
}

/** Reads the input's duration and streams (ffmpeg prints them and exits, having no output to write). */
export async function probeVideo(file: string, inputArgs: string[] = []): Promise<Probe> {
  const { err } = await run([...inputArgs, '-i', file]);
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(err);
  const video = /Stream #\S+.*: Video: (?!png|mjpeg)/.test(err);
  if (!d || !video) throw new Error('The file is not a video ffmpeg can read');
  const durationSec = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]);
  if (!(durationSec > 0)) throw new Error('The video has no length');
  return { durationSec, video, audio: /Stream #\S+.*: Audio:/.test(err) };
}

/**
 * Transcodes `file` into `<titlesDir>/<assetId>` (the profile's renditions, 25 fps, letterboxed to each
 * rendition's frame) and answers its description. `onProgress` gets 0..1 from ffmpeg's `-progress` output.
 */
export async function transcodeTitle(o: {
  file: string;
  titlesDir: string;
  assetId: string;
  profile: ProfileName;
  onProgress: (fraction: number) => void;
  preset?: string;
  /** Options of the input (an address on the pull relay is read over http only, decision 0435). */
  inputArgs?: string[];
}): Promise<SourceMedia> {
  if (!UPLOADED_ASSET_ID.test(o.assetId)) throw new Error(`not an uploaded asset id: ${o.assetId}`);
  const probe = await probeVideo(o.file, o.inputArgs);
  const plan = profileOf(o.profile);
  const n = plan.renditions.length;
  const staging = join(o.titlesDir, `${stagingPrefix(o.assetId)}${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { recursive: true });
  try {
    // A video without sound gets silence: every rendition of the ladder has an audio track.
    const silence = probe.audio
      ? []
      : ['-f', 'lavfi', '-t', String(probe.durationSec), '-i', 'anullsrc=r=48000:cl=stereo'];
    const top = plan.renditions.reduce((a, b) => (b.height > a.height ? b : a));
    const parts = [
      `[0:v]fps=${FPS},scale=${top.width}:${top.height}:force_original_aspect_ratio=decrease,` +
        `pad=${top.width}:${top.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p,` +
        `split=${n}${plan.renditions.map((_, i) => `[s${i}]`).join('')}`,
      `[${probe.audio ? '0:a:0' : '1:a'}]aresample=48000,aformat=sample_rates=48000:channel_layouts=stereo,` +
        `asplit=${n}${plan.renditions.map((_, i) => `[a${i}]`).join('')}`,
      ...plan.renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`),
    ];
    const outputs = plan.renditions.flatMap((r, i) => [
      ...['-map', `[v${i}]`, '-map', `[a${i}]`],
      ...videoArgs(r, o.preset ?? 'veryfast'),
      ...audioArgs(),
      ...hlsOut(join(staging, r.name)),
    ]);
    const total = probe.durationSec * 1e6;
    const { code, err } = await run(
      [
        '-loglevel',
        'error',
        '-y',
        ...(o.inputArgs ?? []),
        '-i',
        o.file,
        ...silence,
        '-progress',
        'pipe:1',
        '-nostats',
        '-filter_complex',
        parts.join(';'),
        ...outputs,
      ],
      (line) => {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m) o.onProgress(Math.min(1, Number(m[1]) / total));
      },
    );
    if (code !== 0) throw new Error(`ffmpeg could not transcode the video: ${err.trim().slice(-500)}`);
    const source = describeTitle(staging, o.assetId, plan.renditions);
    writeFileSync(join(staging, TITLE_SOURCE_FILE), `${JSON.stringify(source, null, 2)}\n`);
    const target = join(o.titlesDir, o.assetId);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
    return { ...source, dir: target };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Reads back what ffmpeg wrote: segments, tracks, bandwidths and the real length of the last segment. */
function describeTitle(
  root: string,
  assetId: string,
  renditions: ReturnType<typeof profileOf>['renditions'],
): SourceMedia {
  let segmentCount = Number.POSITIVE_INFINITY;
  let lastSegmentSec = SEGMENT_SEC;
  const described = renditions.map((r): RenditionMedia => {
    const dir = join(root, r.name);
    rmSync(join(dir, 'ffmpeg.m3u8'), { force: true });
    const tracks = readInit(readFileSync(join(dir, 'init.mp4')));
    const count = readdirSync(dir).filter((f) => /^\d+\.m4s$/.test(f)).length;
    if (count === 0) throw new Error('ffmpeg wrote no segment');
    segmentCount = Math.min(segmentCount, count);
    let peak = 0;
    let bytes = 0;
    for (let i = 0; i < count; i++) {
      const seg = readFileSync(join(dir, `${i}.m4s`));
      peak = Math.max(peak, seg.length);
      bytes += seg.length;
      if (i === count - 1) {
        const video = tracks.find((t) => t.kind === 'video');
        const t = readFragment(seg, tracks).tracks.find((x) => x.trackId === video?.trackId);
        if (t && video) lastSegmentSec = Math.min(SEGMENT_SEC, t.duration / video.timescale);
      }
    }
    const seconds = Math.max(SEGMENT_SEC * (count - 1) + lastSegmentSec, 0.1);
    return {
      name: r.name,
      quality: r.quality,
      qualityCode: QUALITY[r.quality],
      width: r.width,
      height: r.height,
      bandwidth: Math.ceil((peak * 8) / SEGMENT_SEC),
      averageBandwidth: Math.ceil((bytes * 8) / seconds),
      codecs: tracks.map((t) => t.codec).join(','),
      tracks,
    };
  });
  return {
    name: assetId,
    kind: 'video',
    label: assetId,
    loopSec: Math.ceil(SEGMENT_SEC * (segmentCount - 1) + lastSegmentSec),
    segmentCount,
    renditions: described,
    lastSegmentSec: Math.round(lastSegmentSec * 1000) / 1000,
  };
}
