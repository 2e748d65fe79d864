// What Linux's /proc says of CPU, for the benches that count it (cpu-by-process.mjs, journey-cpu-reporter.mjs).

import { readFileSync } from 'node:fs';

/** Clock ticks a second on Linux. */
export const TICK = 100;

/**
 * The fields of /proc/PID/stat after the command name (so f[1] is the parent, f[11] and f[12] user and system
 * ticks, f[13] and f[14] those of reaped children); undefined when the process is gone.
 */
export function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds the whole machine has been busy (neither idle nor waiting on I/O) since it started. */
export function machineBusySeconds() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (f.reduce((a, b) => a + b, 0) - f[3] - f[4]) / TICK;
}
