/** React faces of @ottkit/player. Import `@ottkit/player/styles.css` once for the default look. */
export { type LiveChannel, LivePlayer, type LivePlayerProps } from './LivePlayer.tsx';
export { type PlayerEventHandlers, usePlayerCore } from './usePlayerCore.ts';
export { DEFAULT_MESSAGES, type PlayerMessages } from '../messages.ts';
