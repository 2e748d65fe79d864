import { formatMessage, type Messages } from '../messages/index.ts';
import type { ProgrammeAction } from '../ProgrammeRow/index.ts';
import type { GuideGridChannel, GuideGridProgramme } from './types.ts';

/** The default time format: 24-hour `HH:mm` in the browser's zone. */
export function hhmm(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const actionText: Record<Exclude<ProgrammeAction, 'none'>, keyof Messages> = {
  subscribe: 'programmeSubscribe',
  subscribed: 'programmeSubscribed',
  playing: 'programmePlaying',
  playback: 'programmePlayback',
};

/** A channel header's accessible name: name, number and, without live authority, the lock. */
export function channelText(channel: GuideGridChannel, messages: Messages): string {
  return [
    channel.name,
    formatMessage(messages.channelNumber, { number: channel.number }),
    channel.locked ? messages.noLiveAuthority : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** A block's texts, kept per block object: a row drawn again (a scroll across, a row back in view) reuses them. */
const textsOf = new WeakMap<
  GuideGridProgramme,
  { channelName: string; messages: Messages; formatTime: unknown; shownTime: string; name: string }
>();

/**
 * The block's time ("20:00 – 21:00"), the same as shown after the title (a space first, so the visible text
 * reads "title time" and stays part of the name for axe), and its accessible name (channel, title, time,
 * action, lock).
 */
export function blockTexts(
  p: GuideGridProgramme,
  channelName: string,
  messages: Messages,
  formatTime: (epochMs: number) => string,
) {
  const known = textsOf.get(p);
  if (
    known &&
    known.channelName === channelName &&
    known.messages === messages &&
    known.formatTime === formatTime
  )
    return known;
  const time = formatMessage(messages.programmeTime, {
    start: formatTime(p.start),
    stop: formatTime(p.stop),
  });
  const lock = p.lock ?? 'none';
  let name = channelName;
  for (const part of [
    p.title,
    time,
    p.action === 'none' ? '' : messages[actionText[p.action]],
    lock === 'lock' ? messages.actionLocked : lock === 'purchase' ? messages.actionPurchase : '',
  ])
    if (part) name = name ? `${name}, ${part}` : part;
  const texts = { channelName, messages, formatTime, shownTime: ` ${time}`, name };
  textsOf.set(p, texts);
  return texts;
}
