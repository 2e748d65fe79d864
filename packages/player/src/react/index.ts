/** React faces of @ottkit/player. Import `@ottkit/player/styles.css` once for the default look. */
export { CatchupPlayerDialog, type CatchupPlayerDialogProps } from './CatchupPlayerDialog.tsx';
export { type LiveChannel, LivePlayer, type LivePlayerProps } from './LivePlayer.tsx';
export type { OnDemandCommonProps } from './OnDemandDialog.tsx';
export { type PlayerEventHandlers, type UsePlayerCoreOptions, usePlayerCore } from './usePlayerCore.ts';
export { type VodEpisode, VodPlayerDialog, type VodPlayerDialogProps } from './VodPlayerDialog.tsx';
export { DEFAULT_MESSAGES, type PlayerMessages } from '../messages.ts';
