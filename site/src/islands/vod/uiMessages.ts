import type { Messages } from '@ottkit/ui';
import { useMemo } from 'react';
import { createT, type Lang, type Translate } from '../../i18n/index.ts';

/**
 * The translator of a server-rendered island. Islands get the page's language as a prop rather than reading
 * $t: on the server $lang cannot know the request's language, and the first paint must already be in it
 * (decision 0081).
 */
export function useT(lang: Lang): Translate {
  return useMemo(() => createT(lang), [lang]);
}

/** The UI kit's texts for cards, banners and scrollers, in the page's language. */
export function kitMessages(t: Translate): Partial<Messages> {
  return {
    play: t('vod.ui.play'),
    details: t('vod.ui.details'),
    cardLocked: t('vod.ui.locked'),
    cardEpgExpired: t('vod.ui.epgExpired'),
    cardRemainingDays: t('vod.ui.daysLeft'),
    cardRemainingHours: t('vod.ui.hoursLeft'),
    cardRemainingMinutes: t('vod.ui.minutesLeft'),
    cardSelect: t('vod.ui.select'),
    bannerLabel: t('vod.ui.banner'),
    bannerSlide: t('vod.ui.slide'),
    bannerGoTo: t('vod.ui.goToSlide'),
    scrollPrevious: t('vod.ui.scrollBack'),
    scrollNext: t('vod.ui.scrollForward'),
    emptyList: t('common.emptyList'),
    loading: t('common.loading'),
  };
}

export function useKitMessages(lang: Lang): Partial<Messages> {
  const t = useT(lang);
  return useMemo(() => kitMessages(t), [t]);
}
