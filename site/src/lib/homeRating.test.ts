import type { BannerItem, Playlist, VodCard } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { ratedBanners, ratedFor } from './homeRating.ts';

const card = (metaId: string, ageRating?: string) =>
  ({ metaId, ...(ageRating ? { ageRating } : {}) }) as VodCard;
const row = (id: string, list: VodCard[]) =>
  ({ playlistId: id, list }) as unknown as Playlist & { list: VodCard[] };

describe('ratedFor (the shared home rows for a profile with a maximum rating)', () => {
  const rows = [row('a', [card('g', 'G'), card('r', '18'), card('u')]), row('b', [card('r2', '16')])];

  it('leaves out cards above the maximum, keeps unrated ones, and drops rows left empty', () => {
    const out = ratedFor(rows, 'PG');
    expect(out.map((r) => [r.playlistId, r.list.map((c) => c.metaId)])).toEqual([['a', ['g', 'u']]]);
  });

  it('keeps everything without a limit', () => {
    expect(ratedFor(rows, null)).toBe(rows);
    expect(ratedFor(rows, '16').flatMap((r) => r.list.map((c) => c.metaId))).toEqual(['g', 'u', 'r2']);
  });
});

describe('ratedBanners (the shared home banners for a profile with a maximum rating)', () => {
  const banner = (bannerItemId: string, linkType: BannerItem['linkType'], ageRating?: string) =>
    ({ bannerItemId, linkType, ...(ageRating ? { ageRating } : {}) }) as BannerItem;
  const banners = [
    banner('adult', 'VOD_CONTENT', '18'),
    banner('kids', 'VOD_CONTENT', 'G'),
    banner('unrated', 'VOD_CONTENT'),
    banner('list', 'VOD_LIST'),
    banner('channel', 'LIVE_CHANNEL'),
  ];

  it('leaves out banners to titles above the maximum; lists, channels and unrated titles stay', () => {
    expect(ratedBanners(banners, 'PG').map((b) => b.bannerItemId)).toEqual([
      'kids',
      'unrated',
      'list',
      'channel',
    ]);
    expect(ratedBanners(banners, '16').map((b) => b.bannerItemId)).not.toContain('adult');
  });

  it('keeps every banner without a limit', () => {
    expect(ratedBanners(banners, null)).toBe(banners);
  });
});
