import type { BannerItem } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { bannerSlides } from './bannerSlides.ts';

const item = (over: Partial<BannerItem> = {}): BannerItem => ({
  bannerItemId: 'b1',
  title: 'Night Train',
  description: 'd',
  plot: 'p',
  genres: [{ name: 'Drama' }],
  metaType: 'MOVIE',
  metaId: 'm1',
  linkType: 'VOD_CONTENT',
  linkId: 'm1',
  hasEpgSource: false,
  playbackValidTime: null,
  historyEpisode: null,
  noSeason: true,
  posterLandscape: '/art/m1-poster-landscape.jpg',
  poster: '/art/m1-poster.jpg',
  landscape: [{ url: '/art/m1-landscape.jpg' }],
  customizedDisplayInfo: '',
  mediaVideoList: [],
  startTime: 0,
  ...over,
});

describe('bannerSlides (spec §2, §3 Banner item)', () => {
  it('takes the landscape image for the slide and the landscape poster for its thumbnail', () => {
    const [slide] = bannerSlides([item()]);
    expect(slide).toMatchObject({
      bannerItemId: 'b1',
      title: 'Night Train',
      image: '/art/m1-landscape.jpg',
      thumbnail: '/art/m1-poster-landscape.jpg',
    });
    expect(slide?.href).toMatch(/m1/);
  });

  it('falls back to the landscape poster without a landscape image, and to the image without a poster', () => {
    expect(bannerSlides([item({ landscape: [] })])[0]?.image).toBe('/art/m1-poster-landscape.jpg');
    expect(bannerSlides([item({ posterLandscape: '' })])[0]?.thumbnail).toBeUndefined();
  });

  it('leads a list banner to its category and a channel banner to live TV', () => {
    expect(bannerSlides([item({ linkType: 'VOD_LIST', linkId: 'movie' })])[0]?.href).toBe('/vod/type/movie');
    expect(bannerSlides([item({ linkType: 'LIVE_CHANNEL', linkId: 'lc-001' })])[0]?.href).toBe(
      '/liveTv?id=lc-001',
    );
  });
});
