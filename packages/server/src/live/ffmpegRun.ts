import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { PART_SEC } from '../origin/lowLatency.ts';
import { type RunPart, RenditionPipe } from './fragmentPipe.ts';
import { RunClock } from './runClock.ts';
import { h264Args, LADDER, ladderFilter, renditionsOf, rungVideoArgs } from './ladder.ts';
import type { LiveInput } from './sourceUrl.ts';
import { isRelayed } from '../upstream/pullRelay.ts';

/**
 * Debian's ffmpeg (apt-get install ffmpeg; scripts/ottkit.mjs installs it): it reads SRT, RTMP, UDP and HLS.
 * `OTTKIT_LIVE_FFMPEG` points elsewhere. The npm ffmpeg stays for sample media preparation only (decision 0220).
 */
export function liveFfmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.OTTKIT_LIVE_FFMPEG ?? 'ffmpeg';
}

/** What ffmpeg said about the input. */
export interface InputInfo {
  video?: string;
  audio?: string;
  width?: number;
  height?: number;
}

/** One rendition's part of a segment: the same moment in every rendition of a run, with the run's init segment. */
export interface RenditionSegment {
  rendition: string;
  init: Buffer;
  frag: Buffer;
  /** Its index in the run (0 for the run's first), which its parts carry too. */
  segment?: number;
  /** When the source sent its first media, epoch ms (runClock.ts): its EXT-X-PROGRAM-DATE-TIME. */
  sentMs: number;
}

/** A part as the run hands it on: with when the source sent its first media, epoch ms (runClock.ts). */
export type SentPart = RunPart & { sentMs: number };

export interface RunEvents {
  /** A complete segment of this run: one part per rendition, once every rendition has it. */
  segment(parts: RenditionSegment[]): void;
  /** A part (LL-HLS) of the segment a rendition is making, the moment ffmpeg cut it (after a start-up burst). */
  part?(p: SentPart): void;
  input(info: InputInfo): void;
  /** A demux or decode error line. */
  decodeError(line: string): void;
  /** The process ended (by itself, or stopped); `reason` in words. */
  exit(reason: string): void;
}

export interface Run {
  pid: number | undefined;
  /** Stops ffmpeg (closing its guard pipe; SIGKILL to its group after 2 s) and resolves when it is gone. */
  stop(): Promise<void>;
}

/**
 * ffmpeg runs under a small sh guard that holds a pipe from the server: when the server goes away in any way
 * (exit, crash, SIGKILL), the pipe closes, the guard kills ffmpeg, so no ffmpeg outlives its server.
 */
const GUARD =
  'exec 3<&0; "$@" </dev/null & p=$!; { read -r _ <&3; kill -9 $p 2>/dev/null; } & w=$!; wait $p; s=$?; kill $w 2>/dev/null; exit $s';

const DECODE_ERROR =
  /error while decoding|invalid data found|corrupt|non-existing pps|decode_slice_header|missing picture|pes packet size mismatch|invalid nal/i;

export interface PackagerOptions {
  segmentSec: number;
  /** The input's audio is AAC: copied; anything else (AC-3, E-AC-3, MP2…) is transcoded to AAC. */
  audioCopy: boolean;
  /**
   * `h264`: the video is transcoded to H.264 (an HEVC or MPEG-2 input, the operator's option, decision 0256);
   * `ladder`: transcoded into the ladder's renditions (decision 0270).
   */
  video?: 'copy' | 'h264' | 'ladder';
}

/** AAC audio: copied when it is AAC, else transcoded (AC-3, E-AC-3, MP2…). */
function audioArgs(audioCopy: boolean) {
  // AAC from MPEG-TS is ADTS; MP4 wants the raw stream (the filter passes raw AAC through untouched).
  return audioCopy
    ? ['-c:a', 'copy', '-bsf:a', 'aac_adtstoasc']
    : ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
}

/**
 * One fragmented MP4 on the pipe `fd`: fragments of at most a part (and at every keyframe), written the moment
 * they are cut, so a part reaches the origin about a part after its first frame (issue 41). `delay_moov` waits
 * for the first packet, so an MPEG-TS input's parameter sets are in the init.
 */
function fmp4Output(fd: number) {
  return [
    '-f',
    'mp4',
    '-movflags',
    'empty_moov+default_base_moof+frag_keyframe+delay_moov',
    '-frag_duration',
    String(Math.round(PART_SEC * 1_000_000)),
    `pipe:${fd}`,
  ];
}

/** The first pipe a rendition's output goes to (0-2 are stdio, 3 is the guard's). */
const FIRST_FD = 4;

/**
 * The output arguments: the input's own rendition (video remuxed or transcoded) on the first pipe, or, with the
 * ladder, one encode per rung from a single decode, each on its own pipe with its own audio.
 */
function outputArgs(o: PackagerOptions): string[] {
  if (o.video !== 'ladder')
    return [
      '-map',
      '0:v:0?',
      '-map',
      '0:a:0?',
      ...(o.video === 'h264' ? h264Args(o.segmentSec) : ['-c:v', 'copy']),
      ...audioArgs(o.audioCopy),
      ...fmp4Output(FIRST_FD),
    ];
  return [
    '-filter_complex',
    ladderFilter(),
    ...LADDER.flatMap((r, i) => [
      '-map',
      `[v${i}]`,
      '-map',
      '0:a:0?',
      ...rungVideoArgs(r, o.segmentSec),
      ...audioArgs(o.audioCopy),
      ...fmp4Output(FIRST_FD + i),
    ]),
  ];
}

/**
 * What follows `-i`. An HLS pull is read through the pull relay only (decision 0364): its upstream URL here would
 * let ffmpeg fetch, unjudged, whatever the playlist names.
 */
function inputOf(input: LiveInput): string {
  if (input.scheme === 'hls' && !isRelayed(input.input))
    throw new Error('an HLS pull is read through the pull relay only');
  return input.input;
}

/** The arguments that package one input into fragmented MP4 on pipes (remux; AAC audio unless it is AAC already). */
export function packagerArgs(input: LiveInput, o: PackagerOptions) {
  const from = inputOf(input);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    ...input.inputArgs,
    ...(input.scheme === 'hls' || input.scheme === 'rtmp' ? ['-rw_timeout', '10000000'] : []),
    // Three seconds of probing see a keyframe of a live MPEG-TS with 2 s GOPs: sooner on air than the default 5 s.
    ...(input.scheme === 'udp' || input.scheme === 'srt'
      ? ['-analyzeduration', '3000000', '-probesize', '5000000']
      : []),
    '-i',
    from,
    ...outputArgs(o),
  ];
}

/** Reads `Stream #0:n: Video: h264 (…), yuv420p, 1280x720` and `Audio: mp2` lines of the input. */
export function parseInputLine(line: string, info: InputInfo): boolean {
  const v = /Stream #0:\d+.*?: Video: (\w+).*?, (\d{2,5})x(\d{2,5})/.exec(line);
  if (v) {
    info.video = v[1];
    info.width = Number(v[2]);
    info.height = Number(v[3]);
    return true;
  }
  const a = /Stream #0:\d+.*?: Audio: (\w+)/.exec(line);
  if (a) {
    info.audio = a[1];
    return true;
  }
  return false;
}

export function startRun(
  bin: string,
  input: LiveInput,
  workDir: string,
  o: PackagerOptions,
  on: RunEvents,
  now: () => number = Date.now,
): Run {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const names = renditionsOf(o.video);
  const args = packagerArgs(input, o);
  const child: ChildProcess = spawn('sh', ['-c', GUARD, 'ottkit-live', bin, ...args], {
    stdio: ['pipe', 'ignore', 'pipe', 'ignore', ...names.map(() => 'pipe' as const)],
    detached: true,
    cwd: workDir,
  });
  let lastError = '';
  let inOutput = false;
  const info: InputInfo = {};
  let pending = '';
  child.stderr?.on('data', (d: Buffer) => {
    pending += d.toString();
    const lines = pending.split(/\r?\n|\r/);
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (/^Output #0|^Stream mapping/.test(line)) {
        if (!inOutput) on.input({ ...info });
        inOutput = true;
      }
      if (!inOutput && parseInputLine(line, info)) continue;
      if (DECODE_ERROR.test(line)) on.decodeError(line.trim());
      // The first specific error says why; ffmpeg's closing "Conversion failed!" does not.
      if (/conversion failed/i.test(line) && lastError) continue;
      if (/error|failed|refused|timed out|invalid|not found|unsupported|no such|malformed/i.test(line))
        lastError = line.replace(/^\[[^\]]*\]\s*/, '').trim();
    }
  });
  let stopped = false;
  // A segment goes on once every rendition has it: the rungs cut at the same forced keyframes, so segment i of
  // each holds the same moment.
  const whole = new Map<number, Map<string, RenditionSegment>>();
  let next = 0;
  // Parts and segments go on once the run's clock knows when the source sent them: the renditions share it.
  const clock = new RunClock(now);
  const handOn = () => {
    for (let got = whole.get(next); got && got.size === names.length; got = whole.get(next)) {
      whole.delete(next);
      next++;
      if (!stopped) on.segment(names.map((r) => got.get(r) as RenditionSegment));
    }
  };
  names.forEach((rendition, i) => {
    const pipe = new RenditionPipe(rendition, o.segmentSec, {
      part: (p) => {
        clock.arrived(p.startSec, p.durationSec);
        clock.when(p.startSec, (sentMs) => {
          if (!stopped) on.part?.({ ...p, sentMs });
        });
      },
      segment: (index, init, frag, startSec) =>
        clock.when(startSec, (sentMs) => {
          const got = whole.get(index) ?? new Map<string, RenditionSegment>();
          got.set(rendition, { rendition, init, frag, segment: index, sentMs });
          whole.set(index, got);
          handOn();
        }),
    });
    const out = child.stdio[FIRST_FD + i] as NodeJS.ReadableStream | null;
    out?.on('data', (d: Buffer) => {
      try {
        pipe.push(d);
      } catch (err) {
        lastError = `the packager's output could not be read: ${(err as Error).message}`;
        child.stdin?.end();
      }
    });
    out?.on('error', () => {});
  });
  const exited = new Promise<void>((resolve) => {
    child.on('error', (err) => {
      lastError = `ffmpeg could not start: ${err.message}`;
    });
    child.on('close', (code, signal) => {
      // What the run made before it ended goes on (an HLS pull of a playlist that ended).
      clock.settle();
      const how = signal ? `stopped by ${signal}` : `exit ${code}`;
      if (!stopped) on.exit(lastError ? `${lastError} (${how})` : `ffmpeg ended (${how})`);
      resolve();
    });
  });
  // The guard's pipe: ending it stops ffmpeg. Errors on it (the guard already gone) are harmless.
  child.stdin?.on('error', () => {});
  return {
    pid: child.pid,
    async stop() {
      if (stopped) return exited;
      stopped = true;
      clock.stop();
      child.stdin?.end();
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 2000);
      await exited;
      clearTimeout(timer);
      if (existsSync(workDir)) rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** What ffprobe printed and said, and whether it was stopped at its time limit. */
export interface FfprobeAnswer {
  out: string;
  err: string;
  timedOut: boolean;
}

/**
 * Runs Debian's ffprobe (beside ffmpeg) on a source's input with `show` (what to print), stopped after `timeoutMs`.
 * The input is opened as a channel run opens it (its protocol whitelist, an HLS pull through the relay), never
 * looped nor paced.
 */
export function ffprobe(
  ffmpeg: string,
  input: LiveInput,
  show: string[],
  timeoutMs: number,
): Promise<FfprobeAnswer> {
  const bin = ffmpeg.endsWith('ffmpeg') ? `${ffmpeg.slice(0, -'ffmpeg'.length)}ffprobe` : 'ffprobe';
  const from = inputOf(input);
  const args = [
    '-v',
    'error',
    ...input.inputArgs.filter(
      (a, i, all) => a !== '-re' && a !== '-stream_loop' && all[i - 1] !== '-stream_loop',
    ),
    ...show,
    from,
  ];
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const answer: FfprobeAnswer = { out: '', err: '', timedOut: false };
    child.stdout?.on('data', (d: Buffer) => {
      answer.out += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      // Its last words say why; a long read's warnings before them are not kept.
      answer.err = (answer.err + d.toString()).slice(-4000);
    });
    const timer = setTimeout(() => {
      answer.timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      // No ffprobe: said like any failure to start (its 'close' may never come).
      clearTimeout(timer);
      answer.err = e.message;
      resolve(answer);
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

/** The input's first audio codec as ffprobe names it (`aac`, `mp2`…), or undefined when it cannot tell within 5 s. */
export async function probeAudio(ffmpeg: string, input: LiveInput): Promise<string | undefined> {
  const { out } = await ffprobe(
    ffmpeg,
    input,
    ['-select_streams', 'a:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0'],
    5000,
  );
  return out.trim().split('\n')[0] || undefined;
}
