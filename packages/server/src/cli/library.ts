import { isLang, type Lang, LANGS } from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import {
  type LibraryPlan,
  importLibrary,
  nameOf,
  planLibrary,
  publishImported,
  type QueuedTranscode,
} from '../library/importLibrary.ts';
import { LibraryFolderError, libraryFolder, scanLibrary } from '../library/scan.ts';
import { newAssetId } from '../media/titleAssets.ts';
import { transcodeTitle } from '../media/transcode.ts';
import { CLI_ACTOR } from '../operator/audit.ts';
import { getJob } from '../operator/jobs.ts';
import { startTranscodeJob } from '../operator/titleTranscodeJob.ts';
import { row } from '../operator/titles.ts';
import type { Db } from '../store/db.ts';
import { type Command, str, UsageError, withStore } from './command.ts';

/** Transcodes an import runs at once, at most (`--parallel`): each is an ffmpeg of the whole ladder. */
const MAX_PARALLEL = 8;

/**
 * `library preview|import --folder PATH`: a film library folder as the import reads it (issue 42, decision 0422):
 * films, series and their episodes found by sidecar or file name, what is new, changed or gone since the last
 * import, and every file that cannot be read, with why. `import` writes the titles and transcodes their files,
 * a few at a time, each a job the console shows.
 */
export const libraryCommand: Command = {
  name: 'library',
  usage: `  library preview --folder PATH [--lang en|es|pt]                  what a film library folder holds, what is new,
                                                                    changed or gone, and what cannot be read and why
  library import --folder PATH [--lang L] [--publish] [--parallel N] makes the titles and transcodes their files
                                                                    (N at a time, 1-${MAX_PARALLEL}); --publish puts each in the catalogue when ready`,
  run: (args) =>
    withStore(
      args,
      {
        folder: { type: 'string' },
        lang: { type: 'string' },
        publish: { type: 'boolean' },
        parallel: { type: 'string' },
      },
      async ({ db, config, values, positionals }) => {
        const verb = positionals[0];
        const folder = str(values.folder);
        const lang = str(values.lang) ?? 'en';
        const parallel = Number(str(values.parallel) ?? 1);
        if ((verb !== 'preview' && verb !== 'import') || !folder) throw new UsageError();
        if (!isLang(lang)) throw new UsageError(`--lang is one of ${LANGS.join(', ')}`);
        if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_PARALLEL) {
          throw new UsageError(`--parallel is a whole number from 1 to ${MAX_PARALLEL}`);
        }
        let real: string;
        try {
          real = libraryFolder(folder, config.libraryRoots);
        } catch (e) {
          if (!(e instanceof LibraryFolderError)) throw e;
          console.error(e.message);
          return 2;
        }
        const plan = planLibrary(db, real, await scanLibrary(real, lang as Lang));
        printPlan(plan);
        if (verb === 'preview') return 0;
        return runImport(db, config, plan, parallel, values.publish === true);
      },
    ),
};

const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function printPlan(plan: LibraryPlan) {
  const found = [...plan.added, ...plan.changed];
  const films = plan.added.filter((e) => e.meta.kind === 'movie').length;
  const episodes = plan.added.filter((e) => e.meta.kind === 'episode');
  const series = new Set(episodes.map((e) => e.meta.series)).size;
  console.log(
    `${plan.folder}: new ${n(films, 'film')}, ${n(episodes.length, 'episode')} of ${series} series; ${plan.changed.length} changed, ${plan.removed.length} gone, ${plan.unchanged} unchanged`,
  );
  for (const e of found) {
    const m = e.meta;
    const what = m.kind === 'episode' ? `${m.series} S${m.season}E${m.episode} ${nameOf(e)}` : nameOf(e);
    const langs = e.audioLanguages.length > 0 ? ` audio ${e.audioLanguages.join(',')}` : '';
    const mark = plan.changed.includes(e) ? '~' : '+';
    console.log(`  ${mark} ${e.path}\t${what}${m.year ? ` (${m.year})` : ''}\t[${e.from}]${langs}`);
  }
  for (const r of plan.removed) console.log(`  - ${r.path}\t(its title leaves the catalogue)`);
  for (const u of plan.unreadable) console.log(`  ! ${u.path}\t${u.reason}`);
  if (plan.truncated) console.log(`Not all was read: ${plan.truncated}.`);
}

async function runImport(
  db: Db,
  config: ServerConfig,
  plan: LibraryPlan,
  parallel: number,
  publish: boolean,
) {
  const now = Date.now();
  const done = importLibrary(db, plan, { actor: CLI_ACTOR, now, year: new Date(now).getUTCFullYear() });
  for (const s of done.skipped) console.log(`  ! ${s.path}\tnot added: ${s.reason}`);
  console.log(
    `Added ${n(done.films, 'film')} and ${n(done.episodes, 'episode')}; ${n(done.removed, 'title')} taken out. Transcoding ${done.transcodes.length}, ${parallel} at a time.`,
  );
  const ready: QueuedTranscode[] = [];
  const queue = [...done.transcodes];
  let failed = 0;
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      const job = startTranscodeJob(
        db,
        config.dataDir,
        CLI_ACTOR,
        // A changed file's title has a video already: the audit entry's "before".
        { metaId: t.metaId, name: t.name, assetId: row(db, t.metaId)?.asset_id ?? null },
        { file: t.file },
        newAssetId(),
        Date.now,
        transcodeTitle,
      );
      const end = await finished(db, job.jobId);
      if (end?.status === 'succeeded') ready.push(t);
      else failed++;
      console.log(`  ${end?.status === 'succeeded' ? 'ready' : 'failed'}: ${t.name}\t${end?.message ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  if (publish) console.log(`Published ${n(publishImported(db, ready, Date.now()), 'title')}.`);
  return failed > 0 ? 1 : 0;
}

/** The job once it ended. */
async function finished(db: Db, jobId: string) {
  for (;;) {
    const job = getJob(db, jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 500));
  }
}
