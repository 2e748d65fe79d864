import { useMemo } from 'react';
import { createT, type Lang, type Translate } from '../../i18n/index.ts';

/**
 * The translator of a server-rendered island. Islands get the page's language as a prop rather than reading
 * $t: on the server $lang cannot know the request's language, and the first paint must already be in it
 * (decision 0081). Apart from i18n/kit.ts (kitMessagesFor), so islands that need only the kit's texts (banner, card rows)
 * do not pull the site's whole catalogue into their shared chunk (decision 0084).
 */
export function useT(lang: Lang): Translate {
  return useMemo(() => createT(lang), [lang]);
}
