import { checkMessages } from '../stores/notifications.ts';
import { repeat } from './repeat.ts';

/** Spec §9: the message check runs every msg_chk_int ms, 600 000 by default. */
export const MESSAGE_CHECK_DEFAULT_MS = 600_000;
/** Never faster than this, whatever the configuration says. */
export const MESSAGE_CHECK_MIN_MS = 10_000;

/** The interval from the layout config's msg_chk_int (ms); the default when missing or nonsense. */
export function messageCheckInterval(msgChkInt: number | null | undefined): number {
  return typeof msgChkInt === 'number' && Number.isFinite(msgChkInt) && msgChkInt >= MESSAGE_CHECK_MIN_MS
    ? msgChkInt
    : MESSAGE_CHECK_DEFAULT_MS;
}

/** Starts the message check (now, then every interval); answers the stop function. */
export function startMessageCheck(msgChkInt?: number | null, check: () => Promise<unknown> = checkMessages) {
  return repeat(check, { everyMs: messageCheckInterval(msgChkInt) });
}
