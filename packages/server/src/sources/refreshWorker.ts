import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openDb } from '../store/db.ts';
import type { LineupSource, SourceCounts } from '../store/sources.ts';
import { refreshSource } from './importer.ts';

/**
 * The heap an import runs in (decision 0250). An import allocates a lot and keeps little (about 1 M programmes
 * parsed, built into days and written, one channel at a time): left alone, V8 grows its heap to several hundred
 * MB before it collects. A worker with bounded generations collects early and keeps the process's RSS flat.
 */
export const IMPORT_HEAP = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 32 };

/**
 * How long one statement of an import may run on PostgreSQL (decision 0445), where a request's may run
 * `OTTKIT_DATABASE_TIMEOUT_MS` (15 s). An import's statements are set-based over the whole guide (about 1 M rows for
 * 2,000 channels x 14 days), and a server that goes on answering while it imports shares its cores with them: with
 * the requests' limit, one of them was cancelled at 1 M programmes (bench/slow-query.ts). The worker's store only.
 */
export const IMPORT_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/** The worker's environment: the server's, with the import's statement time-out unless a longer one is set. */
export function importEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const set = Number(env.OTTKIT_DATABASE_TIMEOUT_MS) || 0;
  return { ...env, OTTKIT_DATABASE_TIMEOUT_MS: String(Math.max(set, IMPORT_STATEMENT_TIMEOUT_MS)) };
}

/** The data folder's database, as the server opens it. */
const storeOf = (dataDir: string) => join(dataDir, 'ottkit.db');

interface Job {
  dataDir: string;
  /** The source as the caller imports it (its groups chosen), so the worker imports what a run in place would. */
  source: LineupSource;
  /**
   * The caller's clock less the system's when the job was given: a clock is a function and cannot cross a thread,
   * and a test's server runs on a fake one (the guide's window is counted from it). The worker's clock runs on from
   * there.
   */
  clockOffsetMs: number;
}

/** What the worker answers: the counts, or the import's error in words (already recorded on the source). */
type Outcome = { counts: SourceCounts } | { error: string };

/**
 * One import at a time per database in this process (decisions 0335, 0445). Each runs on a connection of its own,
 * so two no longer empty each other's temporary tables (0335's reason), but they still take turns:
 * - on SQLite two applies at once make the second wait on the busy timeout (5 s) and fail "database is locked"
 *   when the first's transaction is longer (a 1 M-programme import holds it for tens of seconds);
 * - two imports of the same source at once (two clicks, a resumed job and the console's, a hand mapping during a
 *   refresh) would read its upstream twice for one result, and each holds a bounded heap of its own.
 * Other processes' imports (the command line's, another server's) are not counted: they are as before.
 */
const turns = new Map<string, Promise<unknown>>();
function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (turns.get(key) ?? Promise.resolve()).then(work);
  const tail = run.catch(() => {});
  turns.set(key, tail);
  void tail.then(() => {
    if (turns.get(key) === tail) turns.delete(key);
  });
  return run;
}

/**
 * Refreshes (imports) `source` in a worker thread with a bounded heap, on its own connection to the data folder's
 * database (already migrated; decisions 0250, 0445): the calling thread waits on nothing, so a server answers its
 * requests meanwhile. Resolves with the counts; rejects with the import's error in words, which the import has also
 * recorded on the source, or with "the import stopped" when the worker died (out of its heap).
 */
export function refreshInWorker(
  source: LineupSource,
  o: { dataDir: string; now: () => number },
): Promise<SourceCounts> {
  return inTurn(storeOf(o.dataDir), () => {
    const job: Job = { dataDir: o.dataDir, source, clockOffsetMs: o.now() - Date.now() };
    const worker = new Worker(new URL(import.meta.url), {
      workerData: job,
      resourceLimits: IMPORT_HEAP,
      env: importEnv(),
    });
    return new Promise<SourceCounts>((resolve, reject) => {
      let outcome: Outcome | undefined;
      let died: Error | undefined;
      worker.on('message', (m: Outcome) => {
        outcome = m;
      });
      worker.on('error', (e) => {
        died = e;
      });
      worker.on('exit', (code) => {
        if (outcome && 'counts' in outcome) resolve(outcome.counts);
        else if (outcome) reject(new Error(outcome.error));
        else reject(importStopped(died, code));
      });
    });
  });
}

/**
 * A worker that died without answering, in words for the console: what the operator can do, nothing of the
 * engine's own text (kept as the cause, for the log). Its import changed nothing: the apply is one transaction.
 */
export function importStopped(died: (Error & { code?: string }) | undefined, exitCode: number): Error {
  const why =
    died?.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? `it needed more than the ${IMPORT_HEAP.maxOldGenerationSizeMb} MB an import may use; import fewer groups of the source`
      : 'try again';
  return new Error(`The import stopped before it finished and changed nothing: ${why}`, {
    cause: died ?? new Error(`exit code ${exitCode}`),
  });
}

async function runJob(job: Job): Promise<Outcome> {
  const db = openDb(storeOf(job.dataDir));
  const now = () => Date.now() + job.clockOffsetMs;
  try {
    return { counts: await refreshSource(db, job.source, { dataDir: job.dataDir, now }) };
  } catch (e) {
    // The message only (refreshSource masked its secrets): a stack is no words for the console.
    return { error: e instanceof Error ? e.message : String(e) };
  } finally {
    db.close();
  }
}

if (!isMainThread && (workerData as Job | undefined)?.source)
  parentPort?.postMessage(await runJob(workerData as Job));
