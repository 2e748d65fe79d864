import type { PlayerMessages } from '@ottkit/player/react';
import type { Messages } from '@ottkit/ui';
import { DEFAULT_LANG, type Lang } from '../i18n/index.ts';
import { kitMessages } from '../i18n/kit.ts';
import { playerMessages } from '../i18n/player.ts';

/**
 * The UI kit's texts in one language, for `<MessagesProvider messages={uiMessagesFor(lang)}>`.
 * The same object every call, so React memoisation downstream holds.
 */
export function uiMessagesFor(lang: Lang): Messages {
  return kitMessages[lang] ?? kitMessages[DEFAULT_LANG];
}

/** The player's texts in one language, for the player components' `messages` prop. */
export function playerMessagesFor(lang: Lang): PlayerMessages {
  return playerMessages[lang] ?? playerMessages[DEFAULT_LANG];
}
