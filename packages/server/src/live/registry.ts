import type { LiveSupervisor } from './supervisor.ts';

/**
 * The live supervisor running in this process, per data folder (decision 0255). The operator calls read health
 * from it and ask it to re-read a channel they changed; a process that serves no media has none, and the calls
 * then answer what the store holds (and the status file, when another process serves).
 */
const running = new Map<string, LiveSupervisor>();

export function registerSupervisor(dataDir: string, sup: LiveSupervisor) {
  running.set(dataDir, sup);
}

export function forgetSupervisor(dataDir: string, sup: LiveSupervisor) {
  if (running.get(dataDir) === sup) running.delete(dataDir);
}

export function supervisorFor(dataDir: string): LiveSupervisor | undefined {
  return running.get(dataDir);
}
