import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, openDb } from '../store/db.ts';
import { type LineupSource, sourcesNow } from '../store/sources.ts';
import { failOrphanedJobs } from '../operator/jobs.ts';
import { SCHEDULE_JOB_OWNER } from '../operator/sourceJobs.ts';

/** Sources whose refresh interval has passed since their last refresh (never-imported ones wait for `import`). */
export async function dueSources(db: Db, now: number): Promise<LineupSource[]> {
  return (await sourcesNow(db)).filter(
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
  // On the asynchronous store (issue 39, decision 0434): the server's requests go on while the schedule looks.
  const check = async () => {
    if (running) return;
    running = true;
    const db = openDb(join(dataDir, 'ottkit.db'));
    let due = 0;
    try {
      due = (await dueSources(db, Date.now())).length;
    } catch {
      // Not migrated yet (first start): nothing is due.
    } finally {
      db.close();
    }
    if (due === 0) {
      running = false;
      return;
    }
    const child = spawn(process.execPath, [CLI, 'sources', 'refresh', '--due', '--data', dataDir], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code, signal) => {
      // A child that ended early (killed, out of memory) leaves its job running: fail it in words.
      if (code === 0 && signal === null) {
        running = false;
        return;
      }
      const db = openDb(join(dataDir, 'ottkit.db'));
      const why = `The scheduled refresh stopped before it finished (${signal ?? `exit ${code}`})`;
      void failOrphanedJobs(db, SCHEDULE_JOB_OWNER, why, Date.now())
        .catch(() => {
          // The database is away: the console's sweep fails the job when its lease runs out.
        })
        .finally(() => {
          db.close();
          running = false;
        });
    });
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
