import { parseArgs } from 'node:util';
import { openDataStore } from '../dataStore.ts';
import { type NameTable, putName } from '../store/names.ts';

export const NAMES_USAGE = `  names list category|product                                      operator names per language (decision 0140)
  names set category|product ID LANG NAME                           name a category or product in en, es or pt`;

const TABLES: Record<string, NameTable> = { category: 'channel_column_names', product: 'product_names' };
const LANGS = ['en', 'es', 'pt'];

/** `ottkit-server names …`: the names viewers read, per language. Prints what it did; returns the exit code. */
export function namesCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { data: { type: 'string' } },
  });
  const [verb, kind = '', id, lang = '', ...name] = positionals;
  const table = TABLES[kind];
  if (!table || (verb !== 'list' && verb !== 'set')) {
    console.log(NAMES_USAGE);
    return 2;
  }
  const { db } = openDataStore(values.data);
  try {
    const key = table === 'product_names' ? 'product_id' : 'column_id';
    if (verb === 'list') {
      for (const r of db.all<{ id: string; lang: string; name: string }>(
        `SELECT ${key} AS id, lang, name FROM ${table} ORDER BY ${key}, lang`,
      ))
        console.log(`${r.id}\t${r.lang}\t${r.name}`);
      return 0;
    }
    const text = name.join(' ').trim();
    if (!id || !LANGS.includes(lang) || !text || text.length > 100) {
      console.error(
        `names set ${kind} ID LANG NAME: LANG is one of ${LANGS.join(', ')}, NAME 1-100 characters`,
      );
      return 2;
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
  } finally {
    db.close();
  }
}
