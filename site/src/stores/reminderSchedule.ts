import type { ProgramSubscription } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { planReminders } from './reminderRules.ts';
import { $subscriptions } from './reminders.ts';

// The reminder schedule and its answers (spec §4), apart from the subscriptions store: only the schedule's own
// chunk (loaded for a viewer with subscriptions) carries them, not every page (decision 0340).

/** The reminders the dialog shows now (spec §4), earliest first; empty when it is closed. */
export const $dueReminders = atom<ProgramSubscription[]>([]);

const key = (s: { logicalChannelId: string; programId: string }) => `${s.logicalChannelId}|${s.programId}`;
/** Reminders already answered here, kept out even if the server has not confirmed the removal yet. */
const answered = new Set<string>();

/** Ignore and Watch now both remove the subscriptions shown (spec §4). */
export async function dismissReminders(shown: readonly ProgramSubscription[]) {
  for (const s of shown) answered.add(key(s));
  $dueReminders.set([]);
  if (shown.length === 0) return;
  try {
    const { subscribeList } = await browserApi.live.subscribeDelete({
      subscribeDeleteList: shown.map((s) => ({
        logicalChannelId: s.logicalChannelId,
        programId: s.programId,
      })),
    });
    $subscriptions.set(subscribeList);
  } catch {
    // Kept out locally by `answered`; the next refresh brings the server's view.
  }
}

/**
 * Keeps `$dueReminders` current: re-plans whenever the subscriptions, the line-up or the watched channel
 * change, and sleeps until the plan's next wake-up otherwise. Answers a stop function.
 */
export function startReminderSchedule(ctx: {
  knownChannelIds: () => ReadonlySet<string>;
  watchingChannelId: () => string | null;
  now?: () => number;
}): (() => void) & { replan: () => void } {
  const now = ctx.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  function plan() {
    clearTimeout(timer);
    const open = $subscriptions.get().filter((s) => !answered.has(key(s)));
    const { due, wakeAt } = planReminders(open, {
      now: now(),
      knownChannelIds: ctx.knownChannelIds(),
      watchingChannelId: ctx.watchingChannelId(),
    });
    if (due.length > 0 || $dueReminders.get().length > 0) $dueReminders.set(due);
    // setTimeout holds at most ~24.8 days; a later wake-up simply re-plans then.
    if (wakeAt !== null) timer = setTimeout(plan, Math.min(Math.max(0, wakeAt - now()), 2 ** 31 - 1));
  }
  plan();
  const off = $subscriptions.listen(plan);
  return Object.assign(
    () => {
      off();
      clearTimeout(timer);
    },
    { replan: plan },
  );
}
