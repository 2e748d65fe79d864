/** Spec §9: a card's popover opens after 500 ms of hover and is 1.2 times the card; cards are 16:9 by default. */
export const CARD_HOVER_DELAY_MS = 500;
export const CARD_POPOVER_SCALE = 1.2;
/** Epg source status (spec §4): missing 0, normal 1, expired 2. The card warns on expired. */
export const EPG_SOURCE_EXPIRED = 2;

export type CardAspect = '16:9' | '2:3' | '1:1';
export type CardAction = 'play' | 'details';

/** Play is hidden for a SERIES (one picks a season and an episode first); Details is always there. */
export function cardActions(metaType: string): CardAction[] {
  return metaType === 'SERIES' ? ['details'] : ['play', 'details'];
}

/** Rating to one decimal; nothing for a missing or zero rating. `formatRating(7.25)` → `'7.3'`. */
export function formatRating(rating: number | null | undefined): string | null {
  if (rating === null || rating === undefined || !Number.isFinite(rating) || rating <= 0) return null;
  return rating.toFixed(1);
}

export type RemainingTime =
  | { unit: 'days' | 'hours' | 'minutes'; value: number }
  /** Far off: the date it ends (epoch ms), for "Until 12 Jan 2031". */
  | { unit: 'until'; value: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** From here on a count of days means little ("1815 d"): the badge names the date instead. */
export const REMAINING_AS_DATE_DAYS = 30;

/**
 * Time left to play an item (playbackValidTime, epoch ms), as a person says it (decision 0140): from 30 days
 * the end date; from 2 days whole days; from 1 hour whole hours (up to 47); else minutes (at least 1).
 * Null when there is no limit or it has passed.
 */
export function remainingPlaybackTime(
  playbackValidTime: number | null | undefined,
  now: number,
): RemainingTime | null {
  if (!playbackValidTime || playbackValidTime <= now) return null;
  const left = playbackValidTime - now;
  if (left >= REMAINING_AS_DATE_DAYS * DAY) return { unit: 'until', value: playbackValidTime };
  if (left >= 2 * DAY) return { unit: 'days', value: Math.floor(left / DAY) };
  if (left >= HOUR) return { unit: 'hours', value: Math.floor(left / HOUR) };
  return { unit: 'minutes', value: Math.max(1, Math.ceil(left / MINUTE)) };
}
