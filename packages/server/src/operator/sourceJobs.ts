import type { LineupSource, SourceCounts } from '../store/sources.ts';
import type { Db } from '../store/db.ts';
import { refreshSource } from '../sources/importer.ts';
import { refreshInWorker } from '../sources/refreshWorker.ts';
import { type Actor, recordAudit } from './audit.ts';
import type { Progress } from './jobs.ts';

/** Who the scheduled refreshes' jobs are by (the server's schedule runs `sources refresh --due`). */
export const SCHEDULE_JOB_OWNER = 'schedule';

/**
 * Reading a line-up source from upstream and applying it, as a job's work (decision 0213): the console's import
 * and refresh and the command line's (the scheduled ones too) run this one piece. Audited with the counts before
 * and after once it succeeded; `onCounts` hears the counts (the command line prints them).
 */
export function sourceRefreshWork(
  db: Db,
  s: LineupSource,
  kind: 'source.import' | 'source.refresh',
  actor: Actor,
  opts: {
    dataDir: string;
    now: () => number;
    onCounts?: (c: SourceCounts) => void;
    /** In a worker thread with a bounded heap (decision 0250): the command line's imports, so RSS stays flat. */
    inWorker?: boolean;
  },
) {
  const before = { groups: s.groups ?? null, counts: s.counts };
  return async (progress: Progress): Promise<string> => {
    progress(10, 'Reading the source and its guide');
    const counts = opts.inWorker
      ? await refreshInWorker(opts.dataDir, s.name, s.groups)
      : await refreshSource(db, s, { dataDir: opts.dataDir, now: opts.now });
    recordAudit(db, actor, kind, s.name, { before, after: { groups: s.groups ?? null, counts } }, opts.now());
    opts.onCounts?.(counts);
    return `${counts.channels ?? 0} channels, ${counts.programmes ?? 0} programmes`;
  };
}
