import type { Messages } from '@ottkit/ui';
import { DEFAULT_LANG, type Lang } from '../../i18n/langs.ts';
import { kitMessages } from '../../i18n/kit.ts';

/**
 * The UI kit's texts (cards, banners, scrollers, dialogs) in the page's language, from the site's kit
 * catalogue (i18n/kit.ts). Imported directly, not through lib/kitMessages.ts, so browsing pages do not pull
 * the player's texts; the site's own catalogue is in useT.ts.
 */
export function useKitMessages(lang: Lang): Messages {
  return kitMessages[lang] ?? kitMessages[DEFAULT_LANG];
}
