/**
 * SQLite-flavoured SQL to PostgreSQL (decision 0275). The store's SQL is written once, for both engines; what
 * PostgreSQL spells differently is rewritten here, generically, so migrations other people add (in the portable
 * subset, HELPERS "Portable SQL") need no edit. Literals are masked first, so nothing inside a string changes.
 *
 * DDL: INTEGER → BIGINT (ms times overflow int4), REAL → DOUBLE PRECISION, BLOB → BYTEA, a column
 * `INTEGER PRIMARY KEY` keeps SQLite's rowid behaviour (an insert without it gets max + 1) with a trigger,
 * `WITHOUT ROWID` dropped, an FTS5 virtual table becomes a plain table (search has its own PostgreSQL query).
 * Queries: `?` → `$n`, `INSERT OR IGNORE` → `ON CONFLICT DO NOTHING`, `temp.`/`main.` schemas, `rowid` → ctid,
 * IFNULL, GROUP_CONCAT, two-argument MAX/MIN, LIKE (case-insensitive in SQLite) → ILIKE, `IS ?`, `? IS NULL`,
 * `strftime('%s', …)`, `json_extract`, camelCase aliases quoted (PostgreSQL folds them), PRAGMA dropped.
 */

const MASK = '\u0000';

/** Masks string literals and quoted identifiers as `\0n\0`, drops comments. */
function mask(sql: string): { code: string; literals: string[] } {
  const literals: string[] = [];
  let code = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c) {
          if (sql[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      literals.push(sql.slice(i, j + 1));
      code += `${MASK}${literals.length - 1}${MASK}`;
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else {
      code += c;
      i++;
    }
  }
  return { code, literals };
}

const unmask = (code: string, literals: string[]) =>
  code.replace(new RegExp(`${MASK}(\\d+)${MASK}`, 'g'), (_, n) => literals[Number(n)] as string);

/** The index of the parenthesis closing the one at `open`. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i;
  }
  return code.length - 1;
}

/** Top-level comma-separated arguments of the call whose `(` is at `open`. */
function args(code: string, open: number): { list: string[]; end: number } {
  const end = closing(code, open);
  const list: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < end; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')') depth--;
    else if (code[i] === ',' && depth === 0) {
      list.push(code.slice(start, i));
      start = i + 1;
    }
  }
  list.push(code.slice(start, end));
  return { list: list.map((a) => a.trim()), end };
}

/** Rewrites every call of `name(...)` (case-insensitive) with `fn(args)`; null keeps the call as it is. */
function rewriteCalls(code: string, name: string, fn: (a: string[]) => string | null): string {
  const re = new RegExp(`\\b${name}\\s*\\(`, 'gi');
  let out = '';
  let from = 0;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const open = m.index + m[0].length - 1;
    const { list, end } = args(code, open);
    const inner = list.map((a) => rewriteCalls(a, name, fn));
    const replaced = fn(inner);
    if (replaced === null) continue;
    out += code.slice(from, m.index) + replaced;
    from = end + 1;
    re.lastIndex = end + 1;
  }
  return out + code.slice(from);
}

/** The shared trigger function that gives SQLite's `INTEGER PRIMARY KEY` its "max + 1 when left out". */
const ROWID_FUNCTION = `CREATE OR REPLACE FUNCTION ottkit_rowid() RETURNS trigger AS $f$
DECLARE next BIGINT;
BEGIN
  IF to_jsonb(NEW) ->> TG_ARGV[0] IS NULL THEN
    EXECUTE format('SELECT COALESCE(MAX(%I), 0) + 1 FROM %I.%I', TG_ARGV[0], TG_TABLE_SCHEMA, TG_TABLE_NAME) INTO next;
    NEW := jsonb_populate_record(NEW, jsonb_build_object(TG_ARGV[0], next));
  END IF;
  RETURN NEW;
END $f$ LANGUAGE plpgsql`;

function ddl(stmt: string, literals: string[]): string {
  // FTS5 (vod_search): a plain table; its search query is PostgreSQL's own (domain/vod/search.ts).
  const fts = /^\s*CREATE\s+VIRTUAL\s+TABLE\s+(\w+)\s+USING\s+fts5\s*\(/i.exec(stmt);
  if (fts) {
    const { list } = args(stmt, fts[0].length - 1);
    const cols = list.filter((c) => !c.includes('=')).map((c) => `${c.split(/\s+/)[0]} TEXT`);
    return `CREATE TABLE ${fts[1]} (${cols.join(', ')})`;
  }
  let s = stmt.replace(/\bWITHOUT\s+ROWID\b/gi, '');
  const table = /^\s*CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([\w.]+)/i.exec(s);
  const rowid = /\b(\w+)\s+INTEGER\s+PRIMARY\s+KEY(\s+AUTOINCREMENT)?\b/i.exec(s);
  if (table && rowid) {
    s = s.replace(rowid[0], `${rowid[1]} BIGINT PRIMARY KEY`);
    const name = (table[1] as string).replace(/^(temp|main)\./i, '');
    const trigger = `${name}_rowid`;
    s += `;\n${ROWID_FUNCTION};\nDROP TRIGGER IF EXISTS ${trigger} ON ${name};\nCREATE TRIGGER ${trigger} BEFORE INSERT ON ${name} FOR EACH ROW EXECUTE FUNCTION ottkit_rowid('${rowid[1]}')`;
  }
  void literals;
  return s;
}

/**
 * SQLite's `CREATE TRIGGER n BEFORE|AFTER ev ON t [WHEN c] BEGIN ...; END` as a PL/pgSQL function and trigger
 * (row-level, like every SQLite trigger); `SELECT RAISE(ABORT, 'm')` becomes `RAISE EXCEPTION 'm'`.
 */
function trigger(stmt: string, literals: string[]): string | null {
  const m =
    /^\s*CREATE\s+(?:TEMP\s+)?TRIGGER\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\s+(BEFORE|AFTER)\s+([\s\S]*?)\s+ON\s+(?:main\.)?(\w+)(?:\s+FOR\s+EACH\s+ROW)?(?:\s+WHEN\s+([\s\S]*?))?\s+BEGIN\s+([\s\S]*?);?\s*END\s*$/i.exec(
      stmt,
    );
  if (!m) return null;
  const [, name, when, events, table, condition, body] = m as unknown as string[];
  const steps = (body as string)
    .split(';')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const raise = /^\s*SELECT\s+RAISE\s*\(\s*(?:ABORT|FAIL|ROLLBACK)\s*,\s*([^)]*)\)\s*$/i.exec(b);
      return raise ? `RAISE EXCEPTION ${raise[1]}` : statement(b, literals);
    });
  const ret = when?.toUpperCase() === 'BEFORE' ? 'RETURN COALESCE(NEW, OLD)' : 'RETURN NULL';
  return [
    `CREATE OR REPLACE FUNCTION ${name}_fn() RETURNS trigger AS $t$ BEGIN ${steps.join('; ')}; ${ret}; END $t$ LANGUAGE plpgsql`,
    `DROP TRIGGER IF EXISTS ${name} ON ${table}`,
    `CREATE TRIGGER ${name} ${when} ${events} ON ${table} FOR EACH ROW${condition ? ` WHEN (${statement(condition, literals)})` : ''} EXECUTE FUNCTION ${name}_fn()`,
  ].join(';\n');
}

/** PostgreSQL before 16 wants a name on every subquery in FROM/JOIN; SQLite does not. */
function nameSubqueries(code: string): string {
  const re = /\b(?:FROM|JOIN)\s*\(\s*(?=SELECT|WITH)/gi;
  let out = code;
  let n = 0;
  for (let m = re.exec(out); m; m = re.exec(out)) {
    const open = m.index + m[0].lastIndexOf('(');
    const end = closing(out, open);
    const after = out.slice(end + 1);
    if (
      /^\s*(?:AS\s+)?(?!(?:WHERE|GROUP|ORDER|UNION|LIMIT|JOIN|LEFT|INNER|CROSS|ON|HAVING|EXCEPT|INTERSECT)\b)[a-z_]\w*/i.test(
        after,
      )
    )
      continue;
    out = `${out.slice(0, end + 1)} AS sub${++n}${after}`;
  }
  return out;
}

function statement(stmt: string, literals: string[]): string {
  if (/^\s*PRAGMA\b/i.test(stmt)) return '';
  const asTrigger = trigger(stmt, literals);
  if (asTrigger !== null) return asTrigger;
  let s = /^\s*CREATE\b/i.test(stmt) ? ddl(stmt, literals) : stmt;
  s = s
    .replace(/\bINTEGER\b/gi, 'BIGINT')
    .replace(/\bREAL\b/gi, 'DOUBLE PRECISION')
    .replace(/\bBLOB\b/gi, 'BYTEA')
    .replace(/\b(CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?)(?:temp|main)\./gi, '$1')
    .replace(/\btemp\.(?=\w)/gi, 'pg_temp.')
    .replace(/\bmain\.(?=\w)/gi, '')
    .replace(/\browid\b/gi, 'ctid')
    // SQLite's catalogue, as tests and tools read it: this schema's tables and views.
    .replace(
      /\bsqlite_master\b/gi,
      "(SELECT table_name AS name, CASE table_type WHEN 'BASE TABLE' THEN 'table' ELSE 'view' END AS type FROM information_schema.tables WHERE table_schema = current_schema()) AS sqlite_master",
    )
    .replace(/\bIFNULL\s*\(/gi, 'COALESCE(')
    .replace(/\bNOT\s+LIKE\b/gi, 'NOT ILIKE')
    .replace(/(?<!NOT\s+|I)\bLIKE\b/gi, 'ILIKE')
    .replace(/\bIS\s+NOT\s+\?/gi, 'IS DISTINCT FROM ?')
    .replace(/\bIS\s+\?/gi, 'IS NOT DISTINCT FROM ?')
    // A parameter alone has no type PostgreSQL can infer; as text it is null exactly when the value is.
    .replace(/\?(\s+IS\s+(?:NOT\s+)?NULL\b)/gi, 'CAST(? AS TEXT)$1')
    // Text functions of a lone parameter: PostgreSQL has several overloads (ranges) and cannot choose.
    .replace(/\b(lower|upper|length|trim|substr)\s*\(\s*\?/gi, '$1(CAST(? AS TEXT)')
    .replace(/\bAS\s+([a-z_]\w*[A-Z]\w*)\b/g, 'AS "$1"');
  s = nameSubqueries(s);
  s = rewriteCalls(s, 'GROUP_CONCAT', (a) => `string_agg(CAST(${a[0]} AS TEXT), ${a[1] ?? "','"})`);
  s = rewriteCalls(s, 'MAX', (a) => (a.length > 1 ? `GREATEST(${a.join(', ')})` : null));
  s = rewriteCalls(s, 'MIN', (a) => (a.length > 1 ? `LEAST(${a.join(', ')})` : null));
  s = rewriteCalls(s, 'strftime', (a) => {
    const format = literals[Number(a[0]?.slice(1, -1))];
    return format === "'%s'" ? `EXTRACT(EPOCH FROM CAST(${a[1]} AS TIMESTAMP))` : null;
  });
  s = rewriteCalls(s, 'json_extract', (a) => {
    const path = literals[Number(a[1]?.slice(1, -1))];
    const keys = path?.match(/^'\$\.([\w.]+)'$/)?.[1];
    if (!keys) return null;
    return `(CAST(${a[0]} AS JSONB) #>> '{${keys.split('.').join(',')}}')`;
  });
  const orIgnore = /\bINSERT\s+OR\s+IGNORE\s+INTO\b/i;
  if (orIgnore.test(s)) {
    s = s.replace(orIgnore, 'INSERT INTO');
    const returning = /\bRETURNING\b/i.exec(s);
    s = returning
      ? `${s.slice(0, returning.index)} ON CONFLICT DO NOTHING ${s.slice(returning.index)}`
      : `${s.replace(/\s+$/, '')} ON CONFLICT DO NOTHING`;
  }
  if (/\bINSERT\s+OR\s+REPLACE\b|\bREPLACE\s+INTO\b/i.test(s)) {
    throw new Error(
      'INSERT OR REPLACE has no portable meaning: write INSERT ... ON CONFLICT (...) DO UPDATE',
    );
  }
  return s;
}

/** SQL as PostgreSQL reads it. Pure and deterministic, so callers cache it by the source text. */
export function toPostgres(sql: string): string {
  const { code, literals } = mask(sql);
  // Statements end at `;`, except inside a trigger's BEGIN ... END.
  const statements: string[] = [];
  for (const part of code.split(';')) {
    const last = statements.length - 1;
    const open =
      last >= 0 &&
      /^\s*CREATE\s+(?:TEMP\s+)?TRIGGER\b/i.test(statements[last] as string) &&
      !/\bEND\s*$/i.test(statements[last] as string);
    if (open) statements[last] += `;${part}`;
    else statements.push(part);
  }
  const out = statements
    .map((st) => statement(st, literals))
    .filter((st) => st.trim() !== '')
    .join(';');
  let n = 0;
  return unmask(
    out.replace(/\?/g, () => `$${++n}`),
    literals,
  );
}
