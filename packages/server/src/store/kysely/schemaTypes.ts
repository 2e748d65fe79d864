import type { Db } from '../db.ts';

/**
 * The typed schema Kysely checks every query against (decision 0407), written from the tables the migrations make:
 * the migrations stay the one source of the schema, and `schema.generated.ts` is what they make, in TypeScript.
 * A column a query names that no migration made fails the type check. Regenerate after adding a migration:
 *
 *   node packages/server/scripts/generate-schema.ts
 *
 * (`schema.generated.test.ts` fails while the file is behind the migrations.)
 */

/** SQLite's declared column types → what both engines hand back (decision 0275: numbers as numbers). */
const TS_TYPE: Record<string, string> = {
  INTEGER: 'number',
  BIGINT: 'number',
  REAL: 'number',
  TEXT: 'string',
  BLOB: 'Uint8Array',
};

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/**
 * Tables the store's own queries never name: SQLite's bookkeeping, and the full-text index (`vod_search` and the
 * tables FTS5 keeps for it), which has a query of its own per engine. The search's votes and counts are tables.
 */
const internal = (name: string) =>
  name.startsWith('sqlite_') || /^vod_search(_(data|idx|content|docsize|config))?$/.test(name);

/**
 * The values a `CHECK (column IN ('a', 'b'))` allows, as a union of literals (`'a' | 'b'`): the migrations say
 * what a text column may hold, and the types say it too.
 */
function checkedValues(createSql: string, column: string): string | undefined {
  const m = new RegExp(`CHECK\\s*\\(\\s*"?${column}"?\\s+IN\\s*\\(([^)]*)\\)\\s*\\)`, 'i').exec(createSql);
  const values = m?.[1]?.split(',').map((v) => v.trim());
  if (!values?.every((v) => /^'[^']*'$/.test(v))) return undefined;
  return values.join(' | ');
}

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());

/** The text of `schema.generated.ts` for the tables of `db` (a SQLite store the migrations ran on). */
export function schemaSource(db: Db): string {
  const created = db
    .all<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .filter((t) => !internal(t.name));
  const tables = created.map((t) => t.name);
  const out = [
    '// Written by packages/server/scripts/generate-schema.ts from the migrations (decision 0407); do not edit.',
    "import type { Generated } from 'kysely';",
    '',
  ];
  for (const { name: table, sql } of created) {
    const columns = db.all<Column>(`PRAGMA table_info("${table}")`);
    const rowid = columns.filter((c) => c.pk > 0).length === 1;
    out.push(`export interface ${pascal(table)}Table {`);
    for (const c of columns) {
      const base = checkedValues(sql, c.name) ?? TS_TYPE[c.type.toUpperCase()];
      if (!base) throw new Error(`${table}.${c.name}: no TypeScript type for column type "${c.type}"`);
      const nullable = c.notnull === 0 && c.pk === 0;
      const type = nullable ? `${base} | null` : base;
      // A default, or SQLite's rowid (a lone INTEGER PRIMARY KEY): an insert may leave it out.
      const generated = c.dflt_value !== null || (rowid && c.pk === 1 && c.type.toUpperCase() === 'INTEGER');
      out.push(`  ${c.name}: ${generated ? `Generated<${type}>` : type};`);
    }
    out.push('}', '');
  }
  out.push('/** Every table the store queries, by name. */', 'export interface Database {');
  for (const table of tables) out.push(`  ${table}: ${pascal(table)}Table;`);
  out.push('}', '');
  return out.join('\n');
}

/** Where the generated schema lives. */
export const SCHEMA_FILE = new URL('./schema.generated.ts', import.meta.url).pathname;
