import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which servers run on a data folder: one file a process under `<dataDir>/running/`, named by its pid, made when
 * it listens and removed when it closes. `restore` refuses while one of them is alive (a restore under a running
 * server would be overwritten by what it writes, or break it mid-write). A process killed outright leaves its file;
 * its pid is then no process, and the file is ignored.
 */
const runningDir = (dataDir: string) => join(dataDir, 'running');

/** Notes this process as running on `dataDir`; the answer removes the note. */
export function markRunning(dataDir: string): () => void {
  const file = join(runningDir(dataDir), String(process.pid));
  mkdirSync(runningDir(dataDir), { recursive: true });
  writeFileSync(file, `${new Date().toISOString()}\n`);
  return () => rmSync(file, { force: true });
}

/** The pids of the live processes that note themselves running on `dataDir`. */
export function runningServers(dataDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(runningDir(dataDir));
  } catch {
    return [];
  }
  return names.map(Number).filter((pid) => Number.isInteger(pid) && pid > 0 && alive(pid));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user has that pid: alive, and not ours to judge.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
