import type { Job } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { type LineupSource, type SourceCounts, sourcesNow } from '../store/sources.ts';
import { type Actor, recordAuditNow } from './audit.ts';
import type { Resumer } from './jobRecovery.ts';
import { jobParams, jobParamsStatement } from './jobParams.ts';
import { type Progress, startJob } from './jobs.ts';

/** Who the scheduled refreshes' jobs are by (the server's schedule runs `sources refresh --due`). */
export const SCHEDULE_JOB_OWNER = 'schedule';

type SourceJobKind = 'source.import' | 'source.refresh';

/**
 * The import itself (`sources/lineupImporter.ts`: upstream reads, logos resized by ffmpeg), passed in by the
 * console's route, the command line and the app's job recovery, so that operator/ names what it needs and starts
 * no process itself (decision 0369).
 */
export interface LineupImporter {
  /**
   * Imports `s` (its groups as given) into the data folder's store, off the caller's thread: in a worker thread
   * with a bounded heap on a connection of its own (decisions 0250, 0445). `now` is read when it starts (a clock
   * cannot cross a thread): the import's clock runs on from it.
   */
  refresh(s: LineupSource, o: { dataDir: string; now: () => number }): Promise<SourceCounts>;
}

/** The source's groups and counts before the job: the audit entry's "before", kept so a resumed run says the same. */
type Before = { groups: string[] | null; counts: SourceCounts };

/** "1 channel", "2 channels": the job's outcome as the console shows it. */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Reading a line-up source from upstream and applying it, as a job's work (decision 0213): the console's import
 * and refresh and the command line's (the scheduled ones too) run this one piece. Audited with the counts before
 * and after once it succeeded; `onCounts` hears the counts (the command line prints them).
 */
export function sourceRefreshWork(
  db: Db,
  s: LineupSource,
  kind: SourceJobKind,
  actor: Actor,
  opts: {
    dataDir: string;
    now: () => number;
    importer: LineupImporter;
    onCounts?: (c: SourceCounts) => void;
    /** The counts before the job began (a resumed job's, kept when it started). */
    before?: Before;
  },
) {
  const before = opts.before ?? { groups: s.groups ?? null, counts: s.counts };
  return async (progress: Progress): Promise<string> => {
    await progress(10, 'Reading the source and its guide');
    // Off the server's thread, and one import of a database at a time in a process (`sources/refreshWorker.ts`).
    const counts = await opts.importer.refresh(s, { dataDir: opts.dataDir, now: opts.now });
    // A conditional write that renews the lease: a process that lost the job (it stalled past its lease and
    // another ran the import again) stops here, so the import is audited once (decision 0335).
    await progress(99, 'Recording the import');
    await recordAuditNow(
      db,
      actor,
      kind,
      s.name,
      { before, after: { groups: s.groups ?? null, counts } },
      opts.now(),
    );
    opts.onCounts?.(counts);
    return `${counted(counts.channels ?? 0, 'channel')}, ${counted(counts.programmes ?? 0, 'programme')}`;
  };
}

/** What a console import keeps so another process can run it again (decision 0335). */
interface SourceJobParams {
  sourceId: number;
  before: Before;
}

/**
 * The console's import or refresh of a source as a job (decision 0213), which another process runs again from the
 * start if this one dies (decision 0335): an import is all or nothing, so a cut-off one left nothing behind.
 */
export function startSourceJob(
  db: Db,
  s: LineupSource,
  kind: SourceJobKind,
  actor: Actor,
  opts: { dataDir: string; now: () => number; importer: LineupImporter },
): Promise<Job> {
  const before = { groups: s.groups ?? null, counts: s.counts };
  const params: SourceJobParams = { sourceId: s.sourceId, before };
  return startJob(
    db,
    {
      kind,
      target: s.name,
      createdBy: actor.id,
      rows: (jobId) => [jobParamsStatement(db, jobId, actor, params)],
    },
    sourceRefreshWork(db, s, kind, actor, { ...opts, before }),
    opts.now,
  );
}

/**
 * The work of a console import or refresh whose process died: the same import from the start, of the source as
 * it is now (its groups were saved before the first run); undefined when the source is gone or the job kept no
 * parameters (the command line's: its operator saw it stop).
 */
export function sourceJobResumer(
  db: Db,
  kind: SourceJobKind,
  dataDir: string,
  now: () => number,
  importer: LineupImporter,
): Resumer {
  return async (jobId: string) => {
    const kept = await jobParams<SourceJobParams>(db, jobId);
    const s = kept && (await sourcesNow(db)).find((x) => x.sourceId === kept.params.sourceId);
    return (
      s && sourceRefreshWork(db, s, kind, kept.actor, { dataDir, now, importer, before: kept.params.before })
    );
  };
}
