import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openDb } from '../store/db.ts';
import { getSourceByName, type SourceCounts } from '../store/sources.ts';
import { refreshSource } from './importer.ts';

/**
 * The heap an import runs in (decision 0250). An import allocates a lot and keeps little (about 1 M programmes
 * parsed, built into days and written, one channel at a time): left alone, V8 grows its heap to several hundred
 * MB before it collects. A worker with bounded generations collects early and keeps the process's RSS flat.
 */
export const IMPORT_HEAP = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 32 };

interface Job {
  dataDir: string;
  name: string;
  groups: string[] | undefined;
}

/**
 * Refreshes (imports) the named source in a worker thread with a bounded heap, on its own connection to the
 * data folder's database (already migrated). Resolves with the counts; rejects with the import's error,
 * which the import has also recorded on the source.
 */
export function refreshInWorker(
  dataDir: string,
  name: string,
  groups: string[] | undefined,
): Promise<SourceCounts> {
  const job: Job = { dataDir, name, groups };
  const worker = new Worker(new URL(import.meta.url), { workerData: job, resourceLimits: IMPORT_HEAP });
  return new Promise((resolve, reject) => {
    let counts: SourceCounts | undefined;
    worker.on('message', (m: SourceCounts) => {
      counts = m;
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      counts ? resolve(counts) : reject(new Error(`the import stopped (worker exit code ${code})`)),
    );
  });
}

async function runJob(job: Job): Promise<void> {
  const db = openDb(join(job.dataDir, 'ottkit.db'));
  try {
    const source = getSourceByName(db, job.name);
    if (!source) throw new Error(`No source named '${job.name}'`);
    parentPort?.postMessage(
      await refreshSource(db, { ...source, groups: job.groups ?? source.groups }, { dataDir: job.dataDir }),
    );
  } finally {
    db.close();
  }
}

if (!isMainThread && (workerData as Job | undefined)?.name) await runJob(workerData as Job);
