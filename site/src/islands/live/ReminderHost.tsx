import { useStore } from '@nanostores/react';
import { ReminderDialog, type Reminder } from '@ottkit/ui';
import { $dueReminders, dismissReminders } from '../../stores/reminders.ts';
import { $channels, selectChannel } from '../../stores/channels.ts';

/**
 * The programme reminder dialog (spec §4). Watch now switches channel here on /liveTv, or navigates to live TV
 * from any other page; Ignore and Watch now both remove the subscriptions shown.
 */
export function ReminderHost() {
  const due = useStore($dueReminders);
  function watchNow(r: Reminder) {
    void dismissReminders(due);
    const onLivePage = typeof window !== 'undefined' && window.location.pathname === '/liveTv';
    if (onLivePage && $channels.get().some((c) => c.logicalChannelId === r.logicalChannelId)) {
      selectChannel(r.logicalChannelId);
    } else {
      window.location.assign(`/liveTv?id=${encodeURIComponent(r.logicalChannelId)}`);
    }
  }
  return (
    <ReminderDialog
      open={due.length > 0}
      reminders={due}
      onWatchNow={watchNow}
      onIgnore={(shown) =>
        void dismissReminders(due.filter((d) => shown.some((s) => s.programId === d.programId)))
      }
    />
  );
}
