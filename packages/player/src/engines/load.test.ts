import { describe, expect, it } from 'vitest';
import { pickEngine } from './load.ts';

const media = (canHls: boolean) =>
  ({ canPlayType: () => (canHls ? 'maybe' : '') }) as unknown as HTMLMediaElement;

describe('engine choice', () => {
  it('DASH and DRM go to shaka-player', () => {
    expect(pickEngine({ src: 'a.mpd' }, media(false))).toBe('shaka');
    expect(pickEngine({ src: 'a.m3u8', drm: { clearKeyLicenseUrl: '/lic' } }, media(false))).toBe('shaka');
  });

  it('HLS goes to hls.js where Media Source exists, else to the browser when it plays HLS itself', () => {
    const had = globalThis.MediaSource;
    try {
      (globalThis as { MediaSource?: unknown }).MediaSource = class {};
      expect(pickEngine({ src: 'a.m3u8' }, media(true))).toBe('hls');
      delete (globalThis as { MediaSource?: unknown }).MediaSource;
      expect(pickEngine({ src: 'a.m3u8' }, media(true))).toBe('native');
      expect(pickEngine({ src: 'a.m3u8' }, media(false))).toBe('hls');
    } finally {
      if (had) globalThis.MediaSource = had;
    }
  });
});
