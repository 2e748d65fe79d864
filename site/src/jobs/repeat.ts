/**
 * Runs `task` now, then every `everyMs`; a failed run is tried again after `retryMs` (when given) instead of
 * waiting for the next period. Timers come from the global clock, so tests drive them with fake timers.
 * Answers a stop function; a run in flight when stopped schedules nothing more.
 */
export function repeat(
  task: () => Promise<unknown>,
  opts: { everyMs: number; retryMs?: number; delayFirstMs?: number },
) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(run, ms);
  };
  async function run() {
    try {
      await task();
      schedule(opts.everyMs);
    } catch {
      schedule(opts.retryMs ?? opts.everyMs);
    }
  }
  if (opts.delayFirstMs) schedule(opts.delayFirstMs);
  else void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
