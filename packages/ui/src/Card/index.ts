export { Card, type CardItem, type CardProps } from './Card.tsx';
export {
  CARD_HOVER_DELAY_MS,
  CARD_POPOVER_SCALE,
  type CardAction,
  type CardAspect,
  cardActions,
  EPG_SOURCE_EXPIRED,
  formatRating,
  type RemainingTime,
  remainingPlaybackTime,
} from './cardRules.ts';
