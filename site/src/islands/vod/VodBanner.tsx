import { BannerCarousel, type BannerSlide, MessagesProvider } from '@ottkit/ui';
import { detailIdOf, openCard } from '../../stores/vodNavigation.ts';
import type { CardListTexts } from '../../i18n/kit.ts';

/** A slide plus where its Details button and thumbnail lead (computed on the server, spec §2). */
export interface VodBannerSlide extends BannerSlide {
  href: string;
}

export interface VodBannerProps {
  /** The kit's texts for the banner, in the page's language (`cardListTexts(lang)`, on the server). */
  texts: CardListTexts;
  slides: VodBannerSlide[];
  /** The optional thumbnail strip (replaces auto-advance and dots). */
  thumbnails?: boolean;
}

/** The home banner carousel; Details and thumbnails open the detail page (or the list, or the channel). */
export default function VodBanner({ texts, slides, thumbnails = false }: VodBannerProps) {
  const onDetails = (slide: BannerSlide) => {
    const target = slides.find((s) => s.bannerItemId === slide.bannerItemId);
    if (!target) return;
    const here = new URL(window.location.href);
    const metaId = detailIdOf(new URL(target.href, here));
    if (metaId && openCard(metaId, here) === 'same-page') return;
    window.location.assign(target.href);
  };
  return (
    <MessagesProvider messages={texts}>
      <BannerCarousel slides={slides} thumbnails={thumbnails} onDetails={onDetails} />
    </MessagesProvider>
  );
}
