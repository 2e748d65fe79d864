import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Actor } from '../operator/audit.ts';
import type { ResizeImage } from '../operator/titleArtwork.ts';
import type { TranscodeTitle } from '../operator/titleTranscodeJob.ts';
import type { Db } from '../store/db.ts';
import { startLibraryImport, type TranscodeRun } from './importJob.ts';
import { claimWatch, dueForWatch, readLibrary } from './libraries.ts';
import { filesSeen, libraryFolder, mediaFiles } from './scan.ts';

// A library's watch (issue 42, decision 0423): every `watchMinutes` its folder is looked at again, cheaply (names,
// sizes and times, no sidecar or ffprobe), and imported as the console would when a file is new, changed or gone.
// A feed's or an Xtream panel's look reads it (decision 0435): its entries' ids and digests say whether anything
// changed; that is how a panel's films and series are refreshed on a schedule, keeping their ids.

/** Who a watch's imports are by, in the jobs and the audit log. */
export const WATCH_ACTOR: Actor = { id: 'schedule', email: 'library watch' };
/** How often the server asks which libraries are due a look. */
const LOOK_EVERY_MS = 60_000;

async function importRunning(db: Db, name: string): Promise<boolean> {
  const r = await db.kysely
    .selectFrom('operator_jobs')
    .select('job_id')
    .where('kind', '=', 'library.import')
    .where('target', '=', name)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * One look at every watched library due at `now` (each taken by one process of a cluster): an import starts for
 * each whose folder holds other files than its last import or look saw. Answers the libraries imported; a folder
 * that cannot be read (gone, or outside the allowed ones now) is said to `onSkip` and looked at again next time.
 */
export async function watchLibraries(
  db: Db,
  roots: string[],
  run: Omit<TranscodeRun, 'actor'>,
  now: number,
  onSkip: (name: string, why: string) => void = () => {},
): Promise<string[]> {
  const started: string[] = [];
  for (const { library, watchedAt, filesSeen: lastSeen } of await dueForWatch(db, now)) {
    if (!(await claimWatch(db, library.name, watchedAt, now))) continue;
    let seen: string;
    try {
      // A feed or a panel is read whole (its entries hashed); a folder's names, sizes and times only.
      seen = library.folder
        ? filesSeen(mediaFiles(libraryFolder(library.folder, roots)).files)
        : (await readLibrary(db, library.name, roots)).scan.seen;
    } catch (e) {
      onSkip(library.name, e instanceof Error ? e.message : String(e));
      continue;
    }
    if (seen === lastSeen || (await importRunning(db, library.name))) continue;
    await startLibraryImport(db, library.name, roots, { ...run, actor: WATCH_ACTOR });
    started.push(library.name);
  }
  return started;
}

/** The server's side of it: a look every minute, unref'd; answers the function that stops it. */
export function startLibraryWatch(
  db: Db,
  config: ServerConfig,
  now: () => number,
  logger: Logger,
  transcodeTitle: TranscodeTitle,
  resizeImage?: ResizeImage,
): () => void {
  const run = { dataDir: config.dataDir, transcodeTitle, now, resizeImage };
  const look = () =>
    watchLibraries(db, config.libraryRoots, run, now(), (name, why) =>
      logger.info(`library watch: ${name} not read (${why})`),
    )
      .then((started) => {
        for (const name of started) logger.info(`library watch: ${name} changed; importing`);
      })
      .catch((err) => logger.error('library watch: the look failed', err));
  const timer = setInterval(() => void look(), LOOK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
