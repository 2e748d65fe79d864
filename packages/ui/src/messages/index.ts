export { defaultMessages, formatMessage, type MessageKey, type Messages } from './messages.ts';
export { MessagesProvider, type MessagesProviderProps, useMessages } from './MessagesProvider.tsx';
