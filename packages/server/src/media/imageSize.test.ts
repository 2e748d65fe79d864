import { describe, expect, it } from 'vitest';
import { checkImageSize, ImageRefused, imageSizeOf } from './imageSize.ts';

/** The start of a JPEG: SOI, an APP0 segment, then a baseline frame header of `w`x`h`. */
function jpegHead(w: number, h: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 0x01, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

describe('imageSizeOf', () => {
  it('reads a JPEG frame header past other segments', () => {
    expect(imageSizeOf(jpegHead(1920, 1080))).toEqual({ width: 1920, height: 1080 });
  });
  it('knows nothing of other formats', () => {
    expect(imageSizeOf(Buffer.from('GIF89a'))).toBeUndefined();
  });
});

describe('checkImageSize', () => {
  it('accepts an 8K frame and refuses a side or a total over the limits, in words', () => {
    expect(checkImageSize(jpegHead(7680, 4320))).toEqual({ width: 7680, height: 4320 });
    expect(() => checkImageSize(jpegHead(8193, 10))).toThrow(ImageRefused);
    expect(() => checkImageSize(jpegHead(8000, 8000))).toThrow(/8000x8000 pixels/);
    expect(() => checkImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow(/cannot be read/);
  });
});
