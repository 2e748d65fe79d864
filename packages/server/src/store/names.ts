import type { Db } from './db.ts';

/**
 * Operator names per language (migration 130, decision 0140). Reading: the request's language, else English,
 * else what the caller already has (the column's base name, the product id). Writing replaces one language.
 */
export type NameTable = 'channel_column_names' | 'product_names';
const KEY: Record<NameTable, string> = { channel_column_names: 'column_id', product_names: 'product_id' };

/** Every name of a table in `lang` (`pt-BR` reads `pt`) with the English one as fallback: id → name. */
export function namesIn(db: Db, table: NameTable, lang: string): Map<string, string> {
  const key = KEY[table];
  lang = lang.slice(0, 2).toLowerCase();
  const rows = db.all<{ id: string; lang: string; name: string }>(
    `SELECT ${key} AS id, lang, name FROM ${table} WHERE lang IN (?, 'en')`,
    lang,
  );
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
