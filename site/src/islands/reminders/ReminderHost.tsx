import { useStore } from '@nanostores/react';
import type { Messages } from '@ottkit/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useHydrated } from '../../lib/useHydrated.ts';
import { $subscriptions, refreshSubscriptions } from '../../stores/reminders.ts';
import { initSession } from '../../stores/session.ts';

// The schedule, the dialog and the line-up check load only for a viewer who has subscriptions.
const ReminderSchedule = lazy(() => import('./ReminderSchedule.tsx'));

interface Props {
  visitorMode: boolean;
  /** The kit's reminder texts in the page language, rendered on the server. */
  messages: ReminderTexts;
}

/**
 * The kit's reminder texts, and the one shown for a programme rated above the profile (decision 0310). One prop,
 * so the host (on every page, inside /home's script budget) hands it on without code of its own.
 */
export type ReminderTexts = Partial<Messages> & { hiddenProgramme?: string };

/**
 * Programme reminders on every page (spec §4), in the main layout. A logged-in user's subscriptions are
 * fetched once the session is known; /liveTv's guide updates them as the user subscribes.
 */
export default function ReminderHost({ visitorMode, messages }: Props) {
  const subscriptions = useStore($subscriptions);
  // The server rendered nothing: so does the hydrating render, even when /liveTv already loaded subscriptions.
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  if (hydrated && subscriptions.length > 0 && !wanted) setWanted(true);
  useEffect(() => {
    void initSession({ visitorMode }).then((s) => {
      if (s.user?.loginStatus === 'user') void refreshSubscriptions().catch(() => {});
    });
  }, [visitorMode]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ReminderSchedule messages={messages} />
    </Suspense>
  );
}
