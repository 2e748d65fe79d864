import { rebuildSearchIndex } from '../domain/vod/search.ts';
import { type Command, parseCommandArgs, UsageError, withStore } from './command.ts';

/**
 * `search rebuild`: writes the catalogue's search index again from the catalogue. ottkit keeps each title's row
 * up to date itself; after a `VACUUM` run by hand on SQLite, which may renumber the rowids its rows are keyed by
 * (decision 0435), this puts them right.
 */
export const searchCommand: Command = {
  name: 'search',
  usage: `  search rebuild                                                    writes the search index again from the catalogue
                                                                    (after a VACUUM run by hand, decision 0435)`,
  run: (args) => {
    const [verb] = parseCommandArgs(args).positionals;
    // Checked before the store opens: a wrong call creates no data folder.
    if (verb !== 'rebuild') throw new UsageError();
    return withStore(args, {}, async ({ db }) => {
      rebuildSearchIndex(db);
      const n = await db.kysely
        .selectFrom('vod_metas')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('meta_type', 'in', ['MOVIE', 'SERIES'])
        .executeTakeFirst();
      console.log(`The search index holds ${Number(n?.n ?? 0)} films and series again.`);
      return 0;
    });
  },
};
