import type { VodCard } from '@ottkit/api-client';
import type { CardItem } from '@ottkit/ui';
import type { Translate } from '../i18n/index.ts';

export type CardAspect = '16:9' | '2:3';

/**
 * The fields a card shows (spec §3 Card), picked from the API's card so islands get small props. 16:9
 * cards (the default, spec §9) show the landscape, 2:3 cards the poster.
 */
export function cardItemOf(card: VodCard, aspect: CardAspect = '16:9'): CardItem {
  return {
    cardId: card.cardId,
    metaId: card.metaId,
    metaType: card.metaType,
    title: card.title,
    poster: aspect === '2:3' ? card.poster : card.landscape,
    rating: card.rating,
    locked: card.locked,
    playbackValidTime: card.playbackValidTime,
    epgSourceStatus: card.epgSourceStatus,
  };
}

/**
 * A title's length in words (detail page, episode list): whole seconds under a minute, so a 30-second title is
 * not listed as "1 min" (issue 36), otherwise minutes rounded up.
 */
export function durationText(t: Translate, seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  return s < 60 ? t('vod.seconds', { seconds: s }) : t('vod.minutes', { minutes: Math.ceil(s / 60) });
}

/** `h:mm:ss` or `m:ss` of a position in seconds (the Resume button). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
