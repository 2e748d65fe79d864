import { CartIcon, LockIcon } from '../icons/index.ts';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { formatMessage, type Messages, useMessages } from '../messages/index.ts';
import type { ProgrammeAction, ProgrammeActionLock, ProgrammeStatus } from './programmeAction.ts';
import styles from './ProgrammeRow.module.css';

/** The programme fields the row shows (spec §3 Programme). */
export interface ProgrammeRowProgramme {
  programId: string;
  /** The programme's name. */
  programme: string;
  /** Epoch ms. */
  start: number;
  stop: number;
  status: ProgrammeStatus;
}

export interface ProgrammeRowProps {
  programme: ProgrammeRowProgramme;
  /** The button, from `programmeAction(...)`. */
  action: ProgrammeAction;
  /** The mark on the button, from `programmeActionLock(...)`. */
  lock?: ProgrammeActionLock;
  /** The programme being watched right now (catch-up or live); marked with aria-current. */
  current?: boolean;
  /** Formats an epoch-ms time for display; the default is 24-hour `HH:mm` in the browser's zone. */
  formatTime?: (epochMs: number) => string;
  onAction?: (programId: string, action: ProgrammeAction) => void;
  /** A line under the name, e.g. what of a past programme is recorded ("Recorded from 3:31"). */
  note?: string;
}

const actionText: Record<Exclude<ProgrammeAction, 'none'>, keyof Messages> = {
  subscribe: 'programmeSubscribe',
  subscribed: 'programmeSubscribed',
  playing: 'programmePlaying',
  playback: 'programmePlayback',
};

function hhmm(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * A guide entry (spec §2, §4): name, start–stop time and one action button chosen by status.
 *
 * @example <ProgrammeRow programme={p} action={programmeAction({...})} lock="purchase" onAction={handle} />
 */
export function ProgrammeRow({
  programme,
  action,
  lock = 'none',
  current = false,
  formatTime = hhmm,
  onAction,
  note,
}: ProgrammeRowProps) {
  const messages = useMessages();
  const time = formatMessage(messages.programmeTime, {
    start: formatTime(programme.start),
    stop: formatTime(programme.stop),
  });
  return (
    <div
      className={styles.row}
      data-state={programme.status}
      data-action={action}
      aria-current={current ? 'true' : undefined}
    >
      <div className={styles.text}>
        <span className={styles.time}>{time}</span>
        <span className={styles.name}>{programme.programme}</span>
        {note ? <span className={styles.note}>{note}</span> : null}
      </div>
      {action !== 'none' && (
        <button
          type="button"
          className={styles.action}
          data-action={action}
          data-lock={lock}
          aria-pressed={
            action === 'subscribe' || action === 'subscribed' ? action === 'subscribed' : undefined
          }
          onClick={() => onAction?.(programme.programId, action)}
        >
          {lock === 'lock' && <LockIcon size={14} />}
          {lock === 'purchase' && <CartIcon size={14} />}
          <span>{messages[actionText[action]]}</span>
          {lock !== 'none' && (
            <VisuallyHidden>{`, ${lock === 'lock' ? messages.actionLocked : messages.actionPurchase}`}</VisuallyHidden>
          )}
          <VisuallyHidden>{`: ${programme.programme}`}</VisuallyHidden>
        </button>
      )}
    </div>
  );
}
