/**
 * Every text the kit shows, in English. The kit holds no language of its own: the site passes its
 * translations through `<MessagesProvider messages={...}>`; anything it leaves out falls back to these.
 * `{name}` placeholders are filled by `formatMessage`.
 */
export const defaultMessages = {
  favoriteAdd: 'Favorite {channel}',
  favoriteRemove: 'Remove {channel} from favorites',
  channelNumber: 'Channel {number}',
  noLiveAuthority: 'Locked: no live authority',
  catchupAvailable: 'Catch-up available',
  catchupLocked: 'Catch-up locked: no playback authority',
  nowPlaying: 'Now: {programme}',
};

export type Messages = typeof defaultMessages;
export type MessageKey = keyof Messages;

/** Fills `{name}` placeholders: `formatMessage('Channel {number}', { number: 7 })` → `'Channel 7'`. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
