import { describe, expect, it } from 'vitest';
import { countByGroup, playErrorGroup } from './playErrorGroup.ts';

describe('playErrorGroup', () => {
  it('files the engines’ codes under what failed', () => {
    expect(playErrorGroup('manifestLoadError')).toBe('playlist');
    expect(playErrorGroup('levelLoadTimeOut')).toBe('playlist');
    expect(playErrorGroup('manifestParsingError')).toBe('playlist');
    expect(playErrorGroup('fragLoadError')).toBe('segment');
    expect(playErrorGroup('keyLoadError')).toBe('key');
    expect(playErrorGroup('keySystemNoKeys')).toBe('key');
    expect(playErrorGroup('bufferAppendError')).toBe('decode');
    expect(playErrorGroup('MEDIA_ERR_3')).toBe('decode');
    expect(playErrorGroup('ENGINE_LOAD')).toBe('start');
    expect(playErrorGroup('SHAKA_6007')).toBe('key');
    expect(playErrorGroup('SHAKA_1001')).toBe('segment');
    expect(playErrorGroup('SHAKA_4001')).toBe('playlist');
    expect(playErrorGroup('SHAKA_7000')).toBe('other');
    expect(playErrorGroup('somethingNew')).toBe('other');
  });

  it('sums the codes of one group, most first, and keeps the rolled-up days apart', () => {
    expect(
      countByGroup([
        { kind: 'manifestLoadError', count: 2 },
        { kind: 'levelLoadError', count: 3 },
        { kind: 'fragLoadError', count: 4 },
        { kind: '', count: 1 },
      ]),
    ).toEqual([
      { group: 'playlist', count: 5 },
      { group: 'segment', count: 4 },
      { group: undefined, count: 1 },
    ]);
  });
});
