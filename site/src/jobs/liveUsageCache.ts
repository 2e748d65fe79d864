import { repeat } from './repeat.ts';

/** Spec §9: the live usage cache is saved every 5 minutes. */
export const LIVE_USAGE_SAVE_INTERVAL_MS = 5 * 60_000;
export const LIVE_USAGE_KEY = 'ottkit.liveUsage';

/** What is being watched live, saved so watching time survives a crash or a closed tab. */
export interface LiveUsage {
  logicalChannelId: string;
  programId: string;
  /** When watching began, epoch ms. */
  since: number;
  /** Watched so far, ms. */
  duration: number;
}

export interface UsageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readUsage(storage: UsageStorage): LiveUsage | null {
  try {
    const raw = storage.getItem(LIVE_USAGE_KEY);
    return raw ? (JSON.parse(raw) as LiveUsage) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the usage cache job. A usage left by an earlier visit (the tab closed before it was reported) is
 * handed to `report` first; then the current usage is saved every 5 minutes.
 */
export function startLiveUsageCache(opts: {
  storage: UsageStorage;
  current: () => LiveUsage | null;
  report: (usage: LiveUsage) => Promise<unknown>;
}): () => void {
  const left = readUsage(opts.storage);
  if (left) {
    opts.storage.removeItem(LIVE_USAGE_KEY);
    void opts.report(left).catch(() => undefined);
  }
  return repeat(
    async () => {
      const usage = opts.current();
      if (usage) opts.storage.setItem(LIVE_USAGE_KEY, JSON.stringify(usage));
      else opts.storage.removeItem(LIVE_USAGE_KEY);
    },
    { everyMs: LIVE_USAGE_SAVE_INTERVAL_MS, delayFirstMs: LIVE_USAGE_SAVE_INTERVAL_MS },
  );
}
