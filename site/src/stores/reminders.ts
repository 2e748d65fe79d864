import type { ProgramSubscription } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { $viewer } from './authority.ts';
import { planReminders } from './reminderRules.ts';

/** The viewer's programme subscriptions (spec §3), as the server last answered them. */
export const $subscriptions = atom<ProgramSubscription[]>([]);
/** The reminders the dialog shows now (spec §4), earliest first; empty when it is closed. */
export const $dueReminders = atom<ProgramSubscription[]>([]);

const key = (s: { logicalChannelId: string; programId: string }) => `${s.logicalChannelId}|${s.programId}`;
/** Reminders already answered here, kept out even if the server has not confirmed the removal yet. */
const answered = new Set<string>();

let refreshing: Promise<void> | null = null;
/** Fetches the user's subscriptions; the layout's host and the live page share one request in flight. */
export function refreshSubscriptions(): Promise<void> {
  if ($viewer.get() !== 'user') return Promise.resolve();
  refreshing ??= browserApi.live
    .subscribeList({})
    .then(({ subscribeList }) => $subscriptions.set(subscribeList))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Subscribe to or unsubscribe from a programme that has not started (programme row Subscribe/Subscribed). */
export async function setSubscribed(logicalChannelId: string, programId: string, subscribed: boolean) {
  const item = [{ logicalChannelId, programId }];
  const { subscribeList } = subscribed
    ? await browserApi.live.subscribeCreate({ subscribeList: item })
    : await browserApi.live.subscribeDelete({ subscribeDeleteList: item });
  $subscriptions.set(subscribeList);
}

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
