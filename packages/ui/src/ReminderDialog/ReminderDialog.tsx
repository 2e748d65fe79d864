import { dialogButton } from '../Dialog/buttons.ts';
import { Dialog } from '../Dialog/Dialog.tsx';
import { formatMessage, useMessages } from '../messages/index.ts';
import styles from './ReminderDialog.module.css';

/** Spec §9: channel logos in reminders are 150 px. */
export const REMINDER_LOGO_SIZE = 150;

/** A due programme subscription (spec §3 Programme subscription). */
export interface Reminder {
  programId: string;
  logicalChannelId: string;
  programme: string;
  channelName: string;
  iconUrl: string;
  /** Epoch ms. */
  start: number;
  stop: number;
}

export interface ReminderDialogProps {
  open: boolean;
  /** The due reminders, earliest first; Watch now takes the first. */
  reminders: Reminder[];
  /** Switch to (or navigate to) the first reminder's channel; the site then removes the subscriptions. */
  onWatchNow: (reminder: Reminder) => void;
  /** Ignore (also Escape): the site removes the subscriptions shown. */
  onIgnore: (reminders: Reminder[]) => void;
  formatTime?: (epochMs: number) => string;
}

function hhmm(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * The programme reminder (spec §4): the channel logo (150 px), channel and programme, Watch now and Ignore.
 * Other reminders due at the same moment are listed below.
 *
 * @example <ReminderDialog open reminders={due} onWatchNow={(r) => zap(r.logicalChannelId)} onIgnore={drop} />
 */
export function ReminderDialog({
  open,
  reminders,
  onWatchNow,
  onIgnore,
  formatTime = hhmm,
}: ReminderDialogProps) {
  const messages = useMessages();
  const [first, ...more] = reminders;
  if (!first) return null;
  return (
    <Dialog
      open={open}
      onClose={() => onIgnore(reminders)}
      title={messages.reminderTitle}
      width={480}
      showCloseButton={false}
      closeOnBackdrop={false}
      kind="reminder"
      footer={
        <>
          <button type="button" className={dialogButton.secondary} onClick={() => onIgnore(reminders)}>
            {messages.ignore}
          </button>
          <button type="button" className={dialogButton.primary} onClick={() => onWatchNow(first)}>
            {messages.watchNow}
          </button>
        </>
      }
    >
      <div className={styles.main}>
        <img
          className={styles.logo}
          src={first.iconUrl}
          alt=""
          width={REMINDER_LOGO_SIZE}
          height={REMINDER_LOGO_SIZE}
        />
        <p className={styles.channel}>{first.channelName}</p>
        <p className={styles.programme}>{first.programme}</p>
        <p className={styles.time}>
          {formatMessage(messages.reminderStartsAt, { time: formatTime(first.start) })}
        </p>
      </div>
      {more.length > 0 && (
        <div className={styles.more}>
          <p className={styles.moreTitle}>{messages.reminderMore}</p>
          <ul className={styles.list}>
            {more.map((reminder) => (
              <li key={`${reminder.logicalChannelId}:${reminder.programId}`}>
                {`${formatTime(reminder.start)} ${reminder.channelName} · ${reminder.programme}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
