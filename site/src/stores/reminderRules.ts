import type { ProgramSubscription } from '@ottkit/api-client';

/** Spec §9: the reminder shows 2 minutes before the programme starts. */
export const REMINDER_LEAD_MS = 2 * 60_000;

export interface ReminderPlan {
  /** Subscriptions to show now, earliest first. */
  due: ProgramSubscription[];
  /** When to look again (epoch ms), or null when nothing is waiting. */
  wakeAt: number | null;
}

/**
 * Spec §4 subscription reminder, as a pure rule over a clock value:
 * - only subscriptions on a channel of the line-up count, and never the channel being watched;
 * - programmes already over are left out (there is nothing to watch now);
 * - programmes already started are due at once;
 * - otherwise nothing is due until 2 minutes before the earliest start, when every subscription inside
 *   that lead is due together.
 */
export function planReminders(
  subscriptions: readonly ProgramSubscription[],
  ctx: { now: number; knownChannelIds: ReadonlySet<string>; watchingChannelId: string | null },
): ReminderPlan {
  const { now } = ctx;
  const waiting = subscriptions
    .filter(
      (s) =>
        ctx.knownChannelIds.has(s.logicalChannelId) &&
        s.logicalChannelId !== ctx.watchingChannelId &&
        s.stop > now,
    )
    .sort((a, b) => a.start - b.start);
  const started = waiting.filter((s) => s.start <= now);
  const due = started.length > 0 ? started : waiting.filter((s) => s.start - REMINDER_LEAD_MS <= now);
  const later = waiting.filter((s) => !due.includes(s));
  const first = later[0];
  return { due, wakeAt: first ? Math.max(now, first.start - REMINDER_LEAD_MS) : null };
}
