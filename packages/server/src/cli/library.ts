import {
  isLang,
  type Lang,
  LANGS,
  LIBRARY_PARALLEL,
  libraryAddRequestSchema,
} from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import {
  type LibraryPlan,
  importLibrary,
  entryTitle,
  planLibrary,
  publishImported,
} from '../library/importLibrary.ts';
import { LibraryFolderError, libraryFolder, scanLibrary } from '../library/scan.ts';
import { transcodeImported } from '../library/importJob.ts';
import { addLibrary, LibraryError, listLibraries, removeLibrary } from '../library/libraries.ts';
import { resizeImage } from '../media/resizeImage.ts';
import { transcodeTitle } from '../media/transcode.ts';
import { upstreamLimits } from '../sources/importer.ts';
import { importPictures } from '../library/artwork.ts';
import { CLI_ACTOR } from '../operator/audit.ts';
import type { Db } from '../store/db.ts';
import { type Command, str, UsageError, withStore } from './command.ts';

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
                                                                    (N at a time, ${LIBRARY_PARALLEL.min}-${LIBRARY_PARALLEL.max}); --publish puts each in the catalogue when ready
  library add NAME --folder PATH [--lang L] [--publish] [--parallel N] [--every MINUTES]
                                                                    names the folder a library, for the console; with
                                                                    --every, the server looks at it again that often and
                                                                    imports it when a file is new, changed or gone
  library add NAME --feed URL [--lang L] [--publish] [--every MINUTES]
                                                                    names an MRSS or CSV feed a library: its titles with
                                                                    HLS media are played from the feed's URLs
  library add NAME --xtream SOURCE [--lang L] [--publish] [--every MINUTES]
                                                                    names the films and series of an Xtream Codes line-up
                                                                    source's account a library
  library list | library remove NAME                                the named libraries; forgets one (its titles stay)`,
  run: (args) =>
    withStore(
      args,
      {
        folder: { type: 'string' },
        feed: { type: 'string' },
        xtream: { type: 'string' },
        lang: { type: 'string' },
        publish: { type: 'boolean' },
        parallel: { type: 'string' },
        every: { type: 'string' },
      },
      async ({ db, config, values, positionals }) => {
        const verb = positionals[0];
        if (verb === 'list') return printLibraries(db);
        if (verb === 'remove') return forget(db, positionals[1]);
        const folder = str(values.folder);
        const feed = str(values.feed);
        const xtream = str(values.xtream);
        const lang = str(values.lang) ?? 'en';
        const parallel = Number(str(values.parallel) ?? 1);
        if (verb !== 'preview' && verb !== 'import' && verb !== 'add') throw new UsageError();
        if (!folder && !(verb === 'add' && (feed || xtream))) throw new UsageError();
        if (!isLang(lang)) throw new UsageError(`--lang is one of ${LANGS.join(', ')}`);
        if (
          !Number.isInteger(parallel) ||
          parallel < LIBRARY_PARALLEL.min ||
          parallel > LIBRARY_PARALLEL.max
        ) {
          throw new UsageError(`--parallel is a whole number from 1 to ${LIBRARY_PARALLEL.max}`);
        }
        if (verb === 'add') {
          const name = positionals[1];
          if (!name) throw new UsageError('library add NAME --folder PATH | --feed URL | --xtream SOURCE');
          // The console's call's own rules (one place): a whole path, the bounds of --parallel and --every.
          const parsed = libraryAddRequestSchema.safeParse({
            name,
            ...(folder === undefined ? {} : { folder }),
            ...(feed === undefined ? {} : { feed }),
            ...(xtream === undefined ? {} : { xtream }),
            lang,
            publish: values.publish === true,
            parallel,
            watchMinutes: Number(str(values.every) ?? 0),
          });
          if (!parsed.success) {
            const option = (field: string) => (field === 'watchMinutes' ? 'every' : field);
            throw new UsageError(
              parsed.error.issues.map((i) => `--${option(String(i.path[0]))}: ${i.message}`).join('; '),
            );
          }
          return refused(async () => {
            const l = await addLibrary(db, parsed.data, config.libraryRoots, CLI_ACTOR, Date.now());
            console.log(`Added library ${l.name}: ${l.folder || l.feed || `Xtream source ${l.xtream}`}`);
          });
        }
        let real: string;
        try {
          real = libraryFolder(folder ?? '', config.libraryRoots);
        } catch (e) {
          if (!(e instanceof LibraryFolderError)) throw e;
          console.error(e.message);
          return 2;
        }
        const plan = await planLibrary(db, real, await scanLibrary(real, lang as Lang));
        printPlan(plan);
        if (verb === 'preview') return 0;
        return runImport(db, config, plan, parallel, values.publish === true);
      },
    ),
};

/** Runs `work`; a refusal in words (a name taken or unknown, a folder outside the roots) exits 2. */
async function refused(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (e) {
    if (!(e instanceof LibraryError || e instanceof LibraryFolderError)) throw e;
    console.error(e.message);
    return 2;
  }
}

async function printLibraries(db: Db): Promise<number> {
  const libraries = await listLibraries(db);
  if (libraries.length === 0) console.log('No library yet: library add NAME --folder PATH');
  for (const l of libraries) {
    const last = l.lastImport ? `; last import: ${l.lastImport}` : '';
    const watch = l.watchMinutes > 0 ? `, looked at every ${l.watchMinutes} minutes` : '';
    console.log(
      `${l.name}\t${l.folder || l.feed || `Xtream source ${l.xtream}`}\t${l.lang}${l.publish ? ', published when ready' : ''}${watch}${last}`,
    );
  }
  return 0;
}

function forget(db: Db, name: string | undefined): Promise<number> {
  if (!name) throw new UsageError('library remove NAME');
  return refused(async () => {
    await removeLibrary(db, name, CLI_ACTOR, Date.now());
    console.log(`Removed library ${name}; its titles stay.`);
  });
}

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
    const langs = e.audioLanguages.length > 0 ? ` audio ${e.audioLanguages.join(',')}` : '';
    const mark = plan.changed.includes(e) ? '~' : '+';
    console.log(`  ${mark} ${e.path}\t${entryTitle(e)}\t[${e.from}]${langs}`);
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
  const done = await importLibrary(db, plan, { actor: CLI_ACTOR, now, year: new Date(now).getUTCFullYear() });
  for (const s of done.skipped) console.log(`  ! ${s.path}\tnot added: ${s.reason}`);
  if (done.pictures.length > 0) {
    const limits = await upstreamLimits(db);
    const { read, failed } = await importPictures(db, config.dataDir, done.pictures, {
      resize: resizeImage,
      limits,
    });
    console.log(`Brought in ${n(read, 'picture')}${failed ? `; ${failed} not read` : ''}.`);
  }
  console.log(
    `Added ${n(done.films, 'film')} and ${n(done.episodes, 'episode')}; ${n(done.removed, 'title')} taken out. Transcoding ${done.transcodes.length}, ${parallel} at a time.`,
  );
  const run = { dataDir: config.dataDir, actor: CLI_ACTOR, transcodeTitle, now: Date.now };
  const { ready, failed } = await transcodeImported(db, run, done.transcodes, parallel, (t, end) =>
    console.log(`  ${end?.status === 'succeeded' ? 'ready' : 'failed'}: ${t.name}\t${end?.message ?? ''}`),
  );
  if (publish) console.log(`Published ${n(await publishImported(db, ready, Date.now()), 'title')}.`);
  return failed > 0 ? 1 : 0;
}
