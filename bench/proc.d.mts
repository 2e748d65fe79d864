// Types of proc.mjs (plain JavaScript, run by Node itself).
/** Clock ticks a second on Linux. */
export const TICK: number;
/** The fields of /proc/PID/stat after the command name; undefined when the process is gone. */
export function statFields(pid: number | string): string[] | undefined;
/** CPU seconds the whole machine has been busy (neither idle nor waiting on I/O) since it started. */
export function machineBusySeconds(): number;
