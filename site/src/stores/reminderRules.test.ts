import type { ProgramSubscription } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { planReminders, REMINDER_LEAD_MS } from './reminderRules.ts';

const T = Date.UTC(2026, 5, 1, 20, 0);
const MIN = 60_000;
const sub = (id: string, channel: string, start: number, stop = start + 30 * MIN): ProgramSubscription => ({
  programId: id,
  logicalChannelId: channel,
  start,
  stop,
  programme: id,
  channelName: channel,
  iconUrl: '',
  epgStatus: 'notStart',
});
const known = new Set(['lc-1', 'lc-2', 'lc-3']);
const ctx = (now: number, watching: string | null = null) => ({
  now,
  knownChannelIds: known,
  watchingChannelId: watching,
});

describe('planReminders (spec §4 subscription reminder)', () => {
  it('waits until 2 minutes before the earliest start', () => {
    const subs = [sub('late', 'lc-2', T + 60 * MIN), sub('early', 'lc-1', T + 10 * MIN)];
    const plan = planReminders(subs, ctx(T));
    expect(plan.due).toEqual([]);
    expect(plan.wakeAt).toBe(T + 10 * MIN - REMINDER_LEAD_MS);
  });

  it('is not due one millisecond before the lead, and due exactly at it', () => {
    const subs = [sub('p', 'lc-1', T + 10 * MIN)];
    expect(planReminders(subs, ctx(T + 8 * MIN - 1)).due).toEqual([]);
    expect(planReminders(subs, ctx(T + 8 * MIN)).due.map((s) => s.programId)).toEqual(['p']);
  });

  it('shows already-started programmes at once', () => {
    const subs = [sub('on', 'lc-1', T - 5 * MIN), sub('soon', 'lc-2', T + 1 * MIN)];
    const plan = planReminders(subs, ctx(T));
    expect(plan.due.map((s) => s.programId)).toEqual(['on']);
    // The one starting within the lead comes right after.
    expect(plan.wakeAt).toBe(T);
  });

  it('shows together every subscription inside the lead, earliest first', () => {
    const subs = [
      sub('b', 'lc-2', T + 2 * MIN),
      sub('a', 'lc-1', T + 1 * MIN),
      sub('c', 'lc-3', T + 20 * MIN),
    ];
    const plan = planReminders(subs, ctx(T));
    expect(plan.due.map((s) => s.programId)).toEqual(['a', 'b']);
    expect(plan.wakeAt).toBe(T + 18 * MIN);
  });

  it('leaves out the channel being watched', () => {
    const subs = [sub('p', 'lc-1', T - MIN), sub('q', 'lc-2', T + 30 * MIN)];
    const plan = planReminders(subs, ctx(T, 'lc-1'));
    expect(plan.due).toEqual([]);
    expect(plan.wakeAt).toBe(T + 28 * MIN);
  });

  it('leaves out channels not in the line-up and programmes already over', () => {
    const subs = [sub('gone', 'lc-9', T - MIN), sub('over', 'lc-1', T - 60 * MIN, T - 30 * MIN)];
    expect(planReminders(subs, ctx(T))).toEqual({ due: [], wakeAt: null });
  });
});
