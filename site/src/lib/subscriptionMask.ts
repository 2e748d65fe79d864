import type { ProgramSubscription } from '@ottkit/api-client';

/**
 * A reminder's programme as the profile sees it (issue 20 §2, decision 0310). The subscription list is the
 * profile's own answer, so the server leaves out the title of a programme rated above it (`ratedAbove`); the
 * site shows the neutral text in its place. Apart from `guideMask.ts` so the reminders' chunk, on every page,
 * carries no rating rules.
 */
export function maskSubscription(s: ProgramSubscription, hidden: string): ProgramSubscription {
  return s.ratedAbove ? { ...s, programme: hidden } : s;
}
