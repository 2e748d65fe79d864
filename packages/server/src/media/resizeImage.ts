import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';
import { checkImageSize } from './imageSize.ts';

/** The input format by its first bytes: only PNG and JPEG are decoded (a smaller attack surface for ffmpeg). */
export function imageFormatOf(bytes: Buffer): 'png_pipe' | 'jpeg_pipe' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png_pipe';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg_pipe';
  return undefined;
}

/**
 * Resizes a PNG or JPEG to fit `maxW`x`maxH` (never enlarged; one frame) into `out`, as PNG or JPEG; the file
 * appears whole or not at all. `padTo` centres the result on a square of that side in that colour (`#rrggbb`).
 * Throws for anything else, an image ffmpeg cannot read, or (ImageRefused) one whose header names more pixels
 * than ottkit decodes.
 */
export async function resizeImage(
  bytes: Buffer,
  out: string,
  fit: { maxW: number; maxH: number; as: 'png' | 'jpeg'; padTo?: { side: number; colour: string } },
): Promise<void> {
  const format = imageFormatOf(bytes);
  if (!format) throw new Error('image is not a PNG or JPEG');
  checkImageSize(bytes);
  mkdirSync(dirname(out), { recursive: true });
  const input = `${out}.in`;
  const tmp = `${out}.tmp`;
  writeFileSync(input, bytes);
  const scale = `scale='min(${fit.maxW},iw)':'min(${fit.maxH},ih)':force_original_aspect_ratio=decrease`;
  const pad = fit.padTo
    ? `,pad=${fit.padTo.side}:${fit.padTo.side}:(ow-iw)/2:(oh-ih)/2:color=0x${fit.padTo.colour.slice(1)}`
    : '';
  try {
    await runFfmpeg(
      [
        ...['-f', format, '-i', input],
        '-vf',
        scale + pad,
        ...['-frames:v', '1', '-f', 'image2'],
        ...(fit.as === 'png' ? ['-c:v', 'png'] : ['-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj420p']),
        tmp,
      ],
      { timeoutMs: 20_000 },
    );
    renameSync(tmp, out);
  } finally {
    rmSync(input, { force: true });
    rmSync(tmp, { force: true });
  }
}
