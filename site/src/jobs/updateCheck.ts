import type { LiveDataType } from '@ottkit/api-client';
import { repeat } from './repeat.ts';

/** Spec §9: the live update check runs every 10 minutes. */
export const UPDATE_CHECK_INTERVAL_MS = 10 * 60_000;

export interface DataState {
  dataType: LiveDataType;
  updateStatus: 0 | 1;
  updateDelay: number;
  timestamp: number;
}

export type Refreshers = Partial<Record<LiveDataType, () => Promise<unknown>>>;

/** The update check v4 call, injectable for tests. */
export type CheckCall = (dataChecks: { dataType: LiveDataType; timestamp: number }[]) => Promise<DataState[]>;

/**
 * One update check: send the timestamps the server gave last time, and for every kind it reports modified
 * run its refresher after the delay the server asks for (spec §4: channel authority is refreshed after the
 * server's delay, which spreads the load of many clients). Answers the timers it set, so a stop can clear them.
 */
export function createUpdateCheck(call: CheckCall, refreshers: Refreshers) {
  const timestamps = new Map<LiveDataType, number>();
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const kinds = Object.keys(refreshers) as LiveDataType[];
  async function check() {
    const states = await call(
      kinds.map((dataType) => ({ dataType, timestamp: timestamps.get(dataType) ?? 0 })),
    );
    for (const state of states) {
      const first = !timestamps.has(state.dataType);
      timestamps.set(state.dataType, state.timestamp);
      // The first answer only sets the baseline: the page has just loaded what it shows.
      if (first || state.updateStatus !== 1) continue;
      const refresh = refreshers[state.dataType];
      if (!refresh) continue;
      const timer = setTimeout(() => {
        pending.delete(timer);
        void refresh().catch(() => undefined);
      }, state.updateDelay);
      pending.add(timer);
    }
  }
  function cancel() {
    for (const t of pending) clearTimeout(t);
    pending.clear();
  }
  return { check, cancel };
}

/** Starts the 10-minute update check job. */
export function startUpdateCheck(call: CheckCall, refreshers: Refreshers): () => void {
  const job = createUpdateCheck(call, refreshers);
  const stop = repeat(job.check, { everyMs: UPDATE_CHECK_INTERVAL_MS });
  return () => {
    stop();
    job.cancel();
  };
}
