import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, openDb } from '../store/db.ts';
import { type LineupSource, listSources } from '../store/sources.ts';
import { failOrphanedJobs } from '../operator/jobs.ts';
import { SCHEDULE_JOB_OWNER } from '../operator/sourceJobs.ts';

/** Sources whose refresh interval has passed since their last refresh (never-imported ones wait for `import`). */
export function dueSources(db: Db, now: number): LineupSource[] {
  return listSources(db).filter(
    (s) => s.status !== 'new' && (s.lastRefreshAt ?? 0) + s.refreshMinutes * 60_000 <= now,
  );
}

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

/**
 * While the product serves, refreshes due sources on their interval. Each refresh runs in a child process
 * (`sources refresh --due`): its long transaction and its memory never hold up the server's event loop, and the
 * server's readers keep answering from the database meanwhile (WAL). One child at a time. Each refresh is a
 * job the console's jobs list shows (owner `schedule`, decision 0247).
 */
export function startRefreshSchedule(dataDir: string, everyMs = 5 * 60_000): () => void {
  let running = false;
  const check = () => {
    if (running) return;
    const db = openDb(join(dataDir, 'ottkit.db'));
    let due = 0;
    try {
      due = dueSources(db, Date.now()).length;
    } catch {
      // Not migrated yet (first start): nothing is due.
    } finally {
      db.close();
    }
    if (due === 0) return;
    running = true;
    const child = spawn(process.execPath, [CLI, 'sources', 'refresh', '--due', '--data', dataDir], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code, signal) => {
      running = false;
      // A child that ended early (killed, out of memory) leaves its job running: fail it in words.
      if (code === 0 && signal === null) return;
      const db = openDb(join(dataDir, 'ottkit.db'));
      try {
        failOrphanedJobs(
          db,
          SCHEDULE_JOB_OWNER,
          `The scheduled refresh stopped before it finished (${signal ?? `exit ${code}`})`,
          Date.now(),
        );
      } finally {
        db.close();
      }
    });
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
