import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { findFont } from '../src/media/ffmpeg.ts';
import { liveFfmpegPath } from '../src/live/ffmpegRun.ts';

/**
 * Frames a second of the test sources: 10, as the tests' media (decision 0378). ottkit's live transcodes keep the
 * source's rate and place key frames by time, so each of them encodes and each journey's browser draws that many.
 */
const FPS = 10;

/**
 * A live test source made by Debian's ffmpeg on loopback: a test pattern with a burnt-in wall clock, a keyframe
 * every 2 s, MP2 audio (so ottkit transcodes it to AAC) or AAC, pushed over UDP or SRT (caller to a listener
 * ottkit opens, or a listener ottkit calls) or RTMP (FLV, AAC only, to ottkit's `?listen=1` listener), or written
 * as HLS into a folder.
 */
export interface TestSource {
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startTestSource(o: {
  /** udp://127.0.0.1:P, srt://127.0.0.1:P?mode=listener (ottkit calls), rtmp://127.0.0.1:P/app/key, or a folder for HLS. */
  target: string;
  format: 'mpegts' | 'hls' | 'flv';
  audio?: 'mp2' | 'aac' | 'ac3';
  /** H.264 by default; MPEG-2 or HEVC for the transcode option's tests. */
  video?: 'h264' | 'mpeg2' | 'hevc';
  /** Colour of the pattern's box, to tell sources apart in screenshots. */
  label?: string;
}): TestSource {
  const font = findFont();
  const clock = font
    ? `,drawtext=fontfile=${font}:text='${o.label ?? 'src'} %{localtime\\:%T}':fontsize=24:fontcolor=white:box=1:boxcolor=black@0.6:x=10:y=10`
    : '';
  const out =
    o.format === 'hls'
      ? [
          '-f',
          'hls',
          '-hls_time',
          '2',
          '-hls_list_size',
          '6',
          '-hls_flags',
          'delete_segments+temp_file',
          `${o.target}/index.m3u8`,
        ]
      : o.format === 'flv'
        ? ['-f', 'flv', o.target]
        : ['-f', 'mpegts', o.target.startsWith('udp:') ? `${o.target}?pkt_size=1316` : o.target];
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x180:rate=${FPS}${clock}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    ...(o.video === 'mpeg2'
      ? ['-c:v', 'mpeg2video']
      : o.video === 'hevc'
        ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error']
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency']),
    '-g',
    String(2 * FPS),
    '-keyint_min',
    String(2 * FPS),
    '-sc_threshold',
    '0',
    '-b:v',
    '250k',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    o.audio ?? 'mp2',
    '-b:a',
    '64k',
    ...out,
  ];
  const child = spawn(liveFfmpegPath(), args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Serves an upstream HLS folder (playlist and segments, flat names only) on 127.0.0.1:`port`. */
export async function serveFolder(dir: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0]?.slice(1) ?? '';
    if (!/^[\w.-]+$/.test(name)) return void res.writeHead(404).end();
    try {
      const body = readFileSync(join(dir, name));
      const type = name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
      // Its length, as any file server (a CDN) gives it: the edge cuts a player's byte range from it.
      res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return server;
}

/** Processes whose command line mentions `needle` (ffmpeg runs with paths under the data folder). */
export function processesWith(needle: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // A packager writes to pipes and runs in its work folder: its folder is its cwd, not in its arguments.
      if (
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle) ||
        readlinkSync(`/proc/${pid}/cwd`).startsWith(needle)
      )
        found.push(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * The processes still running with `needle` in their command line once those on their way out are gone: just after
 * a close, a guard's pipe watcher (a subshell in ffmpeg's group) can still be ending on a busy machine. One still
 * there after `ms` was left running.
 */
export async function processesLeft(needle: string, ms = 3000): Promise<number[]> {
  const end = Date.now() + ms;
  for (;;) {
    const found = processesWith(needle);
    if (found.length === 0 || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the code under test logged, shown when a wait times out. */
export const lines: string[] = [];

export async function until<T>(
  what: string,
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops a test's supervisor (every ffmpeg of it), then its test sources, then closes its database. */
export async function closeLive(o: {
  sup: { close(): Promise<void> } | undefined;
  sources: TestSource[];
  db: { close(): void } | undefined;
}) {
  await o.sup?.close();
  await Promise.all(o.sources.map((s) => s.stop()));
  o.db?.close();
}
