import { describe, expect, it } from 'vitest';
import { qualityName, toLevels } from './quality.ts';

describe('quality names (spec §9)', () => {
  it('names renditions SD, HD, UHD, 4k and audio LQ/SQ/HQ', () => {
    expect(qualityName(480, 0)).toBe('SD');
    expect(qualityName(720, 0)).toBe('HD');
    expect(qualityName(1440, 0)).toBe('UHD');
    expect(qualityName(2160, 0)).toBe('4k');
    expect(qualityName(0, 64_000)).toBe('LQ');
    expect(qualityName(0, 128_000)).toBe('SQ');
    expect(qualityName(0, 256_000)).toBe('HQ');
  });

  it('tells twins apart by height', () => {
    expect(toLevels([{ height: 720 }, { height: 1080 }, { height: 360 }]).map((l) => l.name)).toEqual([
      'HD 720p',
      'HD 1080p',
      'SD',
    ]);
  });
});
