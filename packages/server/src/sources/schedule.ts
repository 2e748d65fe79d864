import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, openDb } from '../store/db.ts';
import { type LineupSource, listSources } from '../store/sources.ts';

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
 * server's readers keep answering from the database meanwhile (WAL). One child at a time.
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
    child.on('exit', () => {
      running = false;
    });
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
