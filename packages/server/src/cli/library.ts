import { isLang, LANGS } from '@ottkit/api-client/contract';
import { LibraryFolderError, libraryFolder, scanLibrary } from '../library/scan.ts';
import { type Command, str, UsageError, withStore } from './command.ts';

/**
 * `library preview --folder PATH`: what a film library folder holds, as the import will read it (issue 42):
 * films, series and their episodes found by sidecar or file name, and every file that cannot be read, with why.
 */
export const libraryCommand: Command = {
  name: 'library',
  usage: `  library preview --folder PATH [--lang en|es|pt]                  what a film library folder holds, and what
                                                                    cannot be read and why (inside OTTKIT_LIBRARY_ROOTS)`,
  run: (args) =>
    withStore(
      args,
      { folder: { type: 'string' }, lang: { type: 'string' } },
      async ({ config, values, positionals }) => {
        const folder = str(values.folder);
        const lang = str(values.lang) ?? 'en';
        if (positionals[0] !== 'preview' || !folder) throw new UsageError();
        if (!isLang(lang)) throw new UsageError(`--lang is one of ${LANGS.join(', ')}`);
        let real: string;
        try {
          real = libraryFolder(folder, config.libraryRoots);
        } catch (e) {
          if (!(e instanceof LibraryFolderError)) throw e;
          console.error(e.message);
          return 2;
        }
        const scan = await scanLibrary(real, lang);
        const films = scan.entries.filter((e) => e.meta.kind === 'movie');
        const episodes = scan.entries.filter((e) => e.meta.kind === 'episode');
        const series = new Set(episodes.map((e) => e.meta.series));
        const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
        console.log(
          `${real}: ${n(films.length, 'film')}, ${n(episodes.length, 'episode')} of ${series.size} series`,
        );
        for (const e of scan.entries) {
          const m = e.meta;
          const what =
            m.kind === 'episode'
              ? `${m.series} S${m.season}E${m.episode} ${Object.values(m.titles)[0]}`
              : Object.values(m.titles)[0];
          const langs = e.audioLanguages.length > 0 ? ` audio ${e.audioLanguages.join(',')}` : '';
          console.log(`  + ${e.path}\t${what}${m.year ? ` (${m.year})` : ''}\t[${e.from}]${langs}`);
        }
        for (const u of scan.unreadable) console.log(`  ! ${u.path}\t${u.reason}`);
        if (scan.truncated) console.log(`Not all was read: ${scan.truncated}.`);
        return 0;
      },
    ),
};
