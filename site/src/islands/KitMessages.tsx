import { useStore } from '@nanostores/react';
import { MessagesProvider } from '@ottkit/ui';
import type { ReactNode } from 'react';
import type { Lang } from '../i18n/index.ts';
import { kitMessagesFor } from '../i18n/kit.ts';
import { $lang } from '../stores/lang.ts';

export interface KitMessagesProps {
  /**
   * The page's language, for islands rendered on the server: there $lang cannot know the request's language
   * (decision 0081), so an island that has it as a prop passes it on. Without it, $lang decides.
   */
  lang?: Lang;
  children?: ReactNode;
}

/** Gives every UI-kit component below it its texts in the active language. */
export function KitMessages({ lang, children }: KitMessagesProps) {
  const active = useStore($lang);
  return <MessagesProvider messages={kitMessagesFor(lang ?? active)}>{children}</MessagesProvider>;
}
