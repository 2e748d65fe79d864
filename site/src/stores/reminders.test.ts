import type { ProgramSubscription } from '@ottkit/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserApi } from '../lib/api.ts';
import { $dueReminders, dismissReminders, startReminderSchedule } from './reminderSchedule.ts';
import { $subscriptions } from './reminders.ts';

const T = Date.UTC(2026, 5, 1, 20, 0);
const MIN = 60_000;
const sub = (id: string, channel: string, start: number): ProgramSubscription => ({
  programId: id,
  logicalChannelId: channel,
  start,
  stop: start + 30 * MIN,
  programme: id,
  channelName: channel,
  iconUrl: '',
  epgStatus: 'notStart',
});

describe('startReminderSchedule under a fake clock', () => {
  let stop: () => void = () => undefined;
  let watching: string | null = null;
  beforeEach(() => {
    vi.useFakeTimers({ now: T });
    watching = null;
    $dueReminders.set([]);
    $subscriptions.set([]);
    stop = startReminderSchedule({
      knownChannelIds: () => new Set(['lc-1', 'lc-2']),
      watchingChannelId: () => watching,
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens 2 minutes before the start, not earlier', () => {
    $subscriptions.set([sub('p', 'lc-1', T + 10 * MIN)]);
    vi.advanceTimersByTime(8 * MIN - 1);
    expect($dueReminders.get()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect($dueReminders.get().map((s) => s.programId)).toEqual(['p']);
  });

  it('opens at once for a programme already started', () => {
    $subscriptions.set([sub('p', 'lc-2', T - MIN)]);
    expect($dueReminders.get().map((s) => s.programId)).toEqual(['p']);
  });

  it('Ignore removes the subscriptions on the server and closes the dialog for good', async () => {
    const del = vi
      .spyOn(browserApi.live, 'subscribeDelete')
      .mockResolvedValue({ subscribeList: [sub('q', 'lc-2', T + 60 * MIN)] });
    $subscriptions.set([sub('p', 'lc-1', T - MIN), sub('q', 'lc-2', T + 60 * MIN)]);
    const shown = $dueReminders.get();
    await dismissReminders(shown);
    expect(del).toHaveBeenCalledWith({ subscribeDeleteList: [{ logicalChannelId: 'lc-1', programId: 'p' }] });
    expect($dueReminders.get()).toEqual([]);
    vi.advanceTimersByTime(58 * MIN);
    expect($dueReminders.get().map((s) => s.programId)).toEqual(['q']);
  });
});
