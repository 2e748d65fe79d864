import { sql } from 'kysely';
import type { Db } from './db.ts';
import { keptRead } from './versions.ts';

/**
 * Operator names per language (migration 130, decision 0140). Reading: the request's language, else English,
 * else what the caller already has (the column's base name, the product id). Writing replaces one language.
 */
/**
 * A text of a row in `lang`, else its first language's, as one expression of a query: `table` holds the texts by
 * `key` and `lang`, `outer` is the query's column they belong to (genres' names, titles' titles).
 */
export const textInLang = (table: string, key: string, text: string, outer: string, lang: string) =>
  sql<string | null>`COALESCE(
    (SELECT x.${sql.raw(text)} FROM ${sql.raw(table)} x WHERE x.${sql.raw(key)} = ${sql.ref(outer)} AND x.lang = ${lang}),
    (SELECT x.${sql.raw(text)} FROM ${sql.raw(table)} x WHERE x.${sql.raw(key)} = ${sql.ref(outer)} ORDER BY x.lang LIMIT 1))`;

export type NameTable = 'channel_column_names' | 'product_names';
const KEY: Record<NameTable, string> = { channel_column_names: 'column_id', product_names: 'product_id' };

/** Every name of a table in `lang` (`pt-BR` reads `pt`) with the English one as fallback: id → name. */
export function namesIn(db: Db, table: NameTable, lang: string): Map<string, string> {
  lang = nameLang(lang);
  const rows = db.all<NameRow>(
    `SELECT ${KEY[table]} AS id, lang, name FROM ${table} WHERE lang IN (?, 'en')`,
    lang,
  );
  return byId(rows, lang);
}

/** A table's names in `lang` with the English ones as fallback, on the asynchronous store. */
const readNames = (table: NameTable) => async (db: Db, lang: string) =>
  byId(
    await db.kysely
      .selectFrom(table)
      .select([sql.ref<string>(KEY[table]).as('id'), 'lang', 'name'])
      .where('lang', 'in', [lang, 'en'])
      .execute(),
    lang,
  );

/** Kept per language while the version their writes move stays (migrations 499 and 532). */
const kept = {
  channel_column_names: keptRead('lineup', 16, readNames('channel_column_names')),
  product_names: keptRead('settings', 16, readNames('product_names')),
} satisfies Record<NameTable, unknown>;

/**
 * `namesIn` on the asynchronous store (the user info of every sign-in and refresh, decision 0410), kept per
 * language while the table's version stays (decision 0419). Shared: callers must not modify the map.
 */
export function namesNow(db: Db, table: NameTable, lang: string): Promise<Map<string, string>> {
  return kept[table](db, nameLang(lang));
}

interface NameRow {
  id: string;
  lang: string;
  name: string;
}

/** The language names are kept in: `pt-BR` reads `pt`. */
export const nameLang = (lang: string) => lang.slice(0, 2).toLowerCase();

/** The names in `lang`, English where `lang` has none. */
function byId(rows: NameRow[], lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) if (r.lang === 'en' && !out.has(r.id)) out.set(r.id, r.name);
  for (const r of rows) if (r.lang === lang) out.set(r.id, r.name);
  return out;
}

export function putName(db: Db, table: NameTable, id: string, lang: string, name: string): void {
  db.run(
    `INSERT INTO ${table} (${KEY[table]}, lang, name) VALUES (?, ?, ?)
     ON CONFLICT (${KEY[table]}, lang) DO UPDATE SET name = excluded.name`,
    id,
    lang,
    name,
  );
}
