import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The ffmpeg binary: `OTTKIT_FFMPEG` when set, else the one `@ffmpeg-installer/linux-x64` ships (the package
 * has no entry point, so we locate its package.json and take the binary beside it). No system ffmpeg is assumed.
 */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OTTKIT_FFMPEG) return env.OTTKIT_FFMPEG;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
}

/** Fonts drawtext may use; a fresh machine may have none, and then the looks go without burnt-in text. */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
];

export function findFont(candidates = FONT_CANDIDATES): string | undefined {
  return candidates.find((f) => existsSync(f));
}

/** Runs ffmpeg to completion; rejects with the tail of stderr on failure or after `timeoutMs`. */
export function runFfmpeg(args: string[], options: { timeoutMs?: number; bin?: string } = {}): Promise<void> {
  const bin = options.bin ?? ffmpegPath();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`ffmpeg could not start (${bin}): ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
