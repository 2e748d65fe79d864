/**
 * Pixel dimensions of a PNG or JPEG read from its header, before anything decodes it (issue 35): a 746 KB PNG of
 * 16000x16000 pixels takes about 1 GB once decoded for resizing, so its size is judged from the header first.
 */

/** Longest side accepted for an uploaded or fetched picture. */
export const MAX_IMAGE_SIDE = 8192;
/** Pixels accepted in all (an 8K frame is 33 million): about 160 MB decoded as RGBA. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** A picture refused for its size or an unreadable header, in words the operator can act on. */
export class ImageRefused extends Error {
  override name = 'ImageRefused';
}

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer): ImageSize | undefined {
  // The first chunk is always IHDR: length (4), type (4), then width and height as 32-bit big-endian.
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(bytes: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers; SOS ends the headers without a frame.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** The picture's size from its header, or undefined when it is not a PNG or JPEG with a readable header. */
export function imageSizeOf(bytes: Buffer): ImageSize | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegSize(bytes);
  return undefined;
}

/** Throws ImageRefused unless the header names a size within MAX_IMAGE_SIDE and MAX_IMAGE_PIXELS. */
export function checkImageSize(bytes: Buffer): ImageSize {
  const size = imageSizeOf(bytes);
  if (!size || size.width === 0 || size.height === 0)
    throw new ImageRefused('The picture’s size cannot be read from its header');
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  )
    throw new ImageRefused(
      `The picture is ${size.width}x${size.height} pixels; at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} million in all are accepted`,
    );
  return size;
}
