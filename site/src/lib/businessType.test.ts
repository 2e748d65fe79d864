import { describe, expect, it } from 'vitest';
import { areaOf, businessRedirect, reachableAreas } from './businessType.ts';

describe('businessRedirect (spec §2)', () => {
  it('sends home and VOD routes to live TV when only live is sold', () => {
    expect(businessRedirect('/home', 'live')).toBe('/liveTv');
    expect(businessRedirect('/vod/type/movie', 'live')).toBe('/liveTv');
    expect(businessRedirect('/vod/detail/m-1', 'live')).toBe('/liveTv');
    expect(businessRedirect('/liveTv', 'live')).toBeNull();
  });
  it('sends live TV to home when only VOD is sold, and for live2vod', () => {
    expect(businessRedirect('/liveTv', 'vod')).toBe('/home');
    expect(businessRedirect('/liveTv', 'live2vod')).toBe('/home');
    expect(businessRedirect('/home', 'vod')).toBeNull();
    expect(businessRedirect('/vod/detail/m-1', 'live2vod')).toBeNull();
  });
  it('lets everything through for liveAndVod', () => {
    for (const p of ['/home', '/liveTv', '/vod/type/movie', '/favorites', '/my']) {
      expect(businessRedirect(p, 'liveAndVod')).toBeNull();
    }
  });
  it('leaves pages of no area alone', () => {
    for (const bt of ['live', 'vod', 'live2vod'] as const) {
      expect(businessRedirect('/favorites', bt)).toBeNull();
      expect(businessRedirect('/login', bt)).toBeNull();
    }
  });
  it('knows the area of each route', () => {
    expect(areaOf('/liveTv')).toBe('live');
    expect(areaOf('/vod/type/series')).toBe('vod');
    expect(areaOf('/search')).toBeNull();
    expect([...reachableAreas('liveAndVod')].sort()).toEqual(['live', 'vod']);
  });
});
