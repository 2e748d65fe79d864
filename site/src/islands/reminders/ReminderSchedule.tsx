import { useStore } from '@nanostores/react';
import { MessagesProvider, type Reminder, ReminderDialog } from '@ottkit/ui';
import { useEffect, useState } from 'react';
import { timeFormat } from '../../i18n/format.ts';
import { browserApi } from '../../lib/api.ts';
import { $channels, $selectedChannelId, selectChannel } from '../../stores/channels.ts';
import { $dueReminders, dismissReminders, startReminderSchedule } from '../../stores/reminderSchedule.ts';
import { $subscriptions } from '../../stores/reminders.ts';
import { $lang } from '../../stores/lang.ts';
import { maskSubscription } from '../../lib/subscriptionMask.ts';
import type { ReminderTexts } from './ReminderHost.tsx';

/** The channel ids of the line-up the live page holds; null off /liveTv (or before it has one). */
function liveLineupIds(): ReadonlySet<string> | null {
  const channels = $channels.get();
  return channels.length > 0 ? new Set(channels.map((c) => c.logicalChannelId)) : null;
}

/**
 * The reminder schedule and dialog (spec §4), loaded by ReminderHost once the viewer has subscriptions.
 * Only subscriptions on a channel of the line-up count: /liveTv has it in `$channels`; elsewhere it is fetched
 * the first time a reminder falls due (until then the plan assumes the subscribed channels exist, to know
 * when to wake). Watch now switches channel on /liveTv, or navigates to live TV from any other page; Ignore
 * and Watch now both remove the subscriptions shown.
 */
export default function ReminderSchedule({ messages }: { messages: ReminderTexts }) {
  const due = useStore($dueReminders);
  const lang = useStore($lang);
  const [lineupKnown, setLineupKnown] = useState(() => liveLineupIds() !== null);

  useEffect(() => {
    let fetched: ReadonlySet<string> | null = null;
    let fetching = false;
    let stopped = false;
    const subscribedIds = () => new Set($subscriptions.get().map((s) => s.logicalChannelId));
    const schedule = startReminderSchedule({
      knownChannelIds: () => liveLineupIds() ?? fetched ?? subscribedIds(),
      watchingChannelId: () => $selectedChannelId.get(),
    });
    const loadLineup = async () => {
      fetching = true;
      try {
        const { channelListInfo } = await browserApi.live.channelList({});
        fetched = new Set(channelListInfo.map((c) => c.logicalChannelId));
      } catch {
        // Without the line-up, the subscriptions' own channels stand in: a reminder beats none.
        fetched = subscribedIds();
      }
      if (stopped) return;
      schedule.replan();
      setLineupKnown(true);
    };
    const onDue = (list: readonly unknown[]) => {
      if (list.length > 0 && !liveLineupIds() && !fetched && !fetching) void loadLineup();
    };
    onDue($dueReminders.get());
    const stops = [
      schedule,
      $dueReminders.listen(onDue),
      $selectedChannelId.listen(() => schedule.replan()),
      $channels.listen(() => {
        if (liveLineupIds()) setLineupKnown(true);
        schedule.replan();
      }),
    ];
    // Marks the page (tests wait for it before moving the clock).
    document.documentElement.dataset.reminders = 'scheduled';
    return () => {
      stopped = true;
      delete document.documentElement.dataset.reminders;
      for (const stop of stops) stop();
    };
  }, []);

  const shown = lineupKnown ? due.map((s) => maskSubscription(s, messages.hiddenProgramme ?? '')) : [];
  function watchNow(r: Reminder) {
    void dismissReminders(shown);
    const onLivePage = window.location.pathname === '/liveTv';
    if (onLivePage && $channels.get().some((c) => c.logicalChannelId === r.logicalChannelId)) {
      selectChannel(r.logicalChannelId);
    } else {
      window.location.assign(`/liveTv?id=${encodeURIComponent(r.logicalChannelId)}`);
    }
  }
  return (
    <MessagesProvider messages={messages}>
      <ReminderDialog
        open={shown.length > 0}
        formatTime={timeFormat(lang)}
        reminders={shown}
        onWatchNow={watchNow}
        onIgnore={(list) =>
          void dismissReminders(shown.filter((d) => list.some((s) => s.programId === d.programId)))
        }
      />
    </MessagesProvider>
  );
}
