import type { BannerItem } from '@ottkit/api-client';
import { bannerHref } from '../../stores/vodNavigation.ts';
import type { VodBannerSlide } from './VodBanner.tsx';

/**
 * The one banner-to-slide mapper (spec §2, §3 Banner item), for /home and the category pages: the landscape
 * image for the slide, the landscape poster for its thumbnail, and where Details leads (carrying the page's
 * parameters from `current`). Two copies had drifted: the category page's, the one that shows thumbnails,
 * had lost the thumbnail.
 */
export function bannerSlides(banners: readonly BannerItem[], current?: URL | null): VodBannerSlide[] {
  return banners.map((b) => ({
    bannerItemId: b.bannerItemId,
    title: b.title,
    genres: b.genres,
    description: b.description,
    plot: b.plot,
    image: b.landscape[0]?.url ?? b.posterLandscape,
    thumbnail: b.posterLandscape || undefined,
    href: bannerHref(b, current),
  }));
}
