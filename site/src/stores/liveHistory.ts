import { atom } from 'nanostores';
import type { LiveUsage } from '../jobs/liveUsageCache.ts';
import { browserApi } from '../lib/api.ts';
import { $viewer } from './authority.ts';

/** What is being watched now (live or catch-up), for the play history and the live usage cache. */
export const $watching = atom<(LiveUsage & { playType: 'live' | 'catchup' }) | null>(null);

/** Sends one play-history entry (users only; a guest's viewing is not recorded). */
export async function reportPlay(entry: LiveUsage & { playType: 'live' | 'catchup' }): Promise<void> {
  if ($viewer.get() !== 'user') return;
  await browserApi.live.playHistoryCreate({
    playHistoryList: [
      {
        logicalChannelId: entry.logicalChannelId,
        programId: entry.programId,
        playType: entry.playType,
        playTime: entry.since,
        duration: Math.max(0, Math.round(entry.duration)),
      },
    ],
  });
}

/**
 * Starts watching something: the previous item goes to the play history with the time it was watched, and the
 * new one is recorded at once so the history shows it even if the tab closes (the usage cache keeps its time).
 */
export function startWatching(
  next: { logicalChannelId: string; programId: string; playType: 'live' | 'catchup' },
  now = Date.now(),
) {
  stopWatching(now);
  const entry = { ...next, since: now, duration: 0 };
  $watching.set(entry);
  void reportPlay(entry).catch(() => undefined);
}

/** Stops watching; the watched time is reported. */
export function stopWatching(now = Date.now()) {
  const prev = $watching.get();
  if (!prev) return;
  $watching.set(null);
  void reportPlay({ ...prev, duration: now - prev.since }).catch(() => undefined);
}

/** The current usage with its watched time so far (what the usage cache saves every 5 minutes). */
export function currentUsage(now = Date.now()): LiveUsage | null {
  const w = $watching.get();
  return w
    ? {
        logicalChannelId: w.logicalChannelId,
        programId: w.programId,
        since: w.since,
        duration: now - w.since,
      }
    : null;
}
