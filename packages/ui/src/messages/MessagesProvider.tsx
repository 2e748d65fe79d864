import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { defaultMessages, type Messages } from './messages.ts';

const MessagesContext = createContext<Messages>(defaultMessages);

export interface MessagesProviderProps {
  /** The site's translations; missing keys fall back to the English defaults. */
  messages: Partial<Messages>;
  children?: ReactNode;
}

/** Supplies the kit's texts: `<MessagesProvider messages={{ favoriteAdd: 'Favorito {channel}' }}>…`. */
export function MessagesProvider({ messages, children }: MessagesProviderProps) {
  const parent = useContext(MessagesContext);
  const merged = useMemo(() => {
    const next: Messages = { ...parent };
    // An explicit `undefined` from the site must not erase the English fallback.
    for (const [key, value] of Object.entries(messages) as [keyof Messages, string | undefined][]) {
      if (value !== undefined) next[key] = value;
    }
    return next;
  }, [parent, messages]);
  return <MessagesContext.Provider value={merged}>{children}</MessagesContext.Provider>;
}

/** The texts in effect: the nearest provider's, or English without one. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
