import type { Messages } from '@ottkit/ui';
import { useMemo } from 'react';
import { createT, DEFAULT_LANG, type Lang, type Translate } from '../../i18n/index.ts';
import { kitMessages } from '../../i18n/kit.ts';

/**
 * The translator of a server-rendered island. Islands get the page's language as a prop rather than reading
 * $t: on the server $lang cannot know the request's language, and the first paint must already be in it
 * (decision 0081).
 */
export function useT(lang: Lang): Translate {
  return useMemo(() => createT(lang), [lang]);
}

/**
 * The UI kit's texts (cards, banners, scrollers, dialogs) in the page's language, from the site's kit
 * catalogue (i18n/kit.ts). Imported directly, not through lib/kitMessages.ts, so browsing pages do not pull
 * the player's texts.
 */
export function useKitMessages(lang: Lang): Messages {
  return kitMessages[lang] ?? kitMessages[DEFAULT_LANG];
}
