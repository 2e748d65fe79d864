/** Spec §5: inputs are trimmed on change with a 300 ms debounce. */
export const INPUT_DEBOUNCE_MS = 300;

/**
 * Calls `fn` with the last arguments once `ms` have passed without another call. `cancel()` drops a pending
 * call (unmount), `flush()` runs it now (submit must not lose the last keystrokes).
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms = INPUT_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    run();
  };
  return debounced;
}

/** The trim the debounced change applies. */
export const trimInput = (v: string) => v.trim();
