import { crc32, deflateSync } from 'node:zlib';

/**
 * The app icons (decision 0205), drawn from code at build time so no binary is committed: the favicon's mark
 * (a play triangle on a rounded square) as RGBA pixels, 4×4 supersampled for smooth edges, written as PNG.
 */
export interface IconSpec {
  size: number;
  /** A maskable icon fills the whole square and keeps the mark inside the 80 % safe circle. */
  maskable: boolean;
}

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`expected a #rrggbb colour, got '${hex}'`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Inside a square of side 1 with rounded corners of radius r (coordinates 0..1). */
function inRoundedSquare(x: number, y: number, r: number): boolean {
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
}

/** The favicon's triangle (12,9)-(24,16)-(12,23) on its 32-unit grid, scaled by `scale` around the centre. */
function inTriangle(x: number, y: number, scale: number): boolean {
  const u = (x - 0.5) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  const [ax, ay, bx, by, cx, cy] = [12 / 32, 9 / 32, 24 / 32, 16 / 32, 12 / 32, 23 / 32];
  const side = (px: number, py: number, qx: number, qy: number) =>
    (qx - px) * (v - py) - (qy - py) * (u - px);
  const s1 = side(ax, ay, bx, by);
  const s2 = side(bx, by, cx, cy);
  const s3 = side(cx, cy, ax, ay);
  return (s1 <= 0 && s2 <= 0 && s3 <= 0) || (s1 >= 0 && s2 >= 0 && s3 >= 0);
}

/** RGBA pixels of one icon. */
export function drawIcon(spec: IconSpec, background: Rgb, mark: Rgb): Uint8Array {
  const { size, maskable } = spec;
  const px = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let bg = 0;
      let fg = 0;
      for (let sj = 0; sj < samples; sj++) {
        for (let si = 0; si < samples; si++) {
          const x = (i + (si + 0.5) / samples) / size;
          const y = (j + (sj + 0.5) / samples) / size;
          const inBg = maskable || inRoundedSquare(x, y, 6 / 32);
          if (!inBg) continue;
          // Maskable: the mark shrinks to stay well inside the safe circle (radius 0.4 of the icon).
          if (inTriangle(x, y, maskable ? 0.75 : 1)) fg++;
          else bg++;
        }
      }
      const n = samples * samples;
      const alpha = (bg + fg) / n;
      const o = (j * size + i) * 4;
      for (let c = 0; c < 3; c++) {
        const covered = bg + fg;
        px[o + c] =
          covered === 0 ? 0 : Math.round(((background[c] ?? 0) * bg + (mark[c] ?? 0) * fg) / covered);
      }
      px[o + 3] = Math.round(alpha * 255);
    }
  }
  return px;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file (8-bit RGBA, no filtering) of `size`×`size` pixels. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let j = 0; j < size; j++) {
    rows[j * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + j * size * 4, size * 4).copy(rows, j * (size * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
