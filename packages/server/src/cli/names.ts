import { type NameTable, putName } from '../store/names.ts';
import { type Command, parseCommandArgs, UsageError, withStore } from './command.ts';
import { isLang, LANGS } from '@ottkit/api-client/contract';

const TABLES: Record<string, NameTable> = { category: 'channel_column_names', product: 'product_names' };

/** `names …`: the names viewers read, per language (decision 0140). */
export const namesCommand: Command = {
  name: 'names',
  usage: `  names list category|product                                      operator names per language (decision 0140)
  names set category|product ID LANG NAME                           name a category or product in en, es or pt`,
  run: (args) => {
    const [verb, kind = ''] = parseCommandArgs(args).positionals;
    const table = TABLES[kind];
    // Checked before the store opens: a wrong call creates no data folder.
    if (!table || (verb !== 'list' && verb !== 'set')) throw new UsageError();
    return withStore(args, {}, ({ db, positionals }) => {
      const [, , id, lang = '', ...name] = positionals;
      const key = table === 'product_names' ? 'product_id' : 'column_id';
      if (verb === 'list') {
        for (const r of db.all<{ id: string; lang: string; name: string }>(
          `SELECT ${key} AS id, lang, name FROM ${table} ORDER BY ${key}, lang`,
        ))
          console.log(`${r.id}\t${r.lang}\t${r.name}`);
        return 0;
      }
      const text = name.join(' ').trim();
      if (!id || !isLang(lang) || !text || text.length > 100) {
        throw new UsageError(
          `names set ${kind} ID LANG NAME: LANG is one of ${LANGS.join(', ')}, NAME 1-100 characters`,
        );
      }
      if (
        table === 'channel_column_names' &&
        !db.get('SELECT 1 FROM channel_columns WHERE column_id = ?', id)
      ) {
        console.error(`No category '${id}'.`);
        return 2;
      }
      putName(db, table, id, lang, text);
      console.log(`${kind} ${id} ${lang}: ${text}`);
      return 0;
    });
  },
};
