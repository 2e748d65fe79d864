import type { CompiledQuery } from 'kysely';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../store/db.ts';
import { setSettingStatement, settingsNow } from '../store/settings.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { keptRead } from '../store/versions.ts';

/** The operator's IP-to-country table: `<dataDir>/ip-country.csv`, reloaded when the file changes. */
export const IP_COUNTRY_FILE = 'ip-country.csv';

/** IPv4 dotted quad to a number; undefined for anything else (IPv6 is not in the table). */
export function ipv4ToNumber(ip: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip.replace(/^::ffff:/, ''));
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + p, 0);
}

export interface IpRange {
  start: number;
  end: number;
  country: string;
}

/**
 * Parses the table: one range per line, `first,last,CC` (IPv4 addresses) or `a.b.c.d/nn,CC`; `#` comments,
 * blank lines and a header line are skipped. Throws naming the line on anything else.
 */
export function parseIpCountryCsv(text: string): IpRange[] {
  const out: IpRange[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const cells = line.split(',').map((c) => c.trim());
    let start: number | undefined;
    let end: number | undefined;
    let country: string | undefined;
    if (cells.length === 2 && cells[0]?.includes('/')) {
      const [base, bits] = (cells[0] as string).split('/');
      const n = ipv4ToNumber(base ?? '');
      const b = Number(bits);
      if (n !== undefined && Number.isInteger(b) && b >= 0 && b <= 32) {
        const size = 2 ** (32 - b);
        start = n - (n % size);
        end = start + size - 1;
      }
      country = cells[1];
    } else if (cells.length === 3) {
      start = ipv4ToNumber(cells[0] ?? '');
      end = ipv4ToNumber(cells[1] ?? '');
      country = cells[2];
    }
    if (start === undefined || end === undefined || end < start || !/^[A-Za-z]{2}$/.test(country ?? '')) {
      if (i === 0) return; // a header
      throw new Error(`ip-country line ${i + 1}: expected 'first,last,CC' or 'a.b.c.d/nn,CC', got '${line}'`);
    }
    out.push({ start, end, country: (country as string).toUpperCase() });
  });
  return out;
}

/** Written by every load: it moves the settings' version, so each process's kept answers start afresh. */
const LOADED_AT_SETTING = 'live.ipCountryLoadedAt';
/** The file's mtime at its last load: a restart, or another process, does not load it again. */
const FILE_MTIME_SETTING = 'live.ipCountryFileMtime';
/** Ranges per insert: well under either engine's limit of bound values (3 a range). */
const RANGES_PER_INSERT = 500;

/** Replaces the whole table, in one transaction on the asynchronous store; answers how many ranges it now holds. */
export async function loadIpCountryTable(db: Db, ranges: readonly IpRange[]): Promise<number> {
  await atomically(db, loadStatements(db, ranges));
  return ranges.length;
}

/**
 * The statements of a load. A range listed twice keeps its last line, as when each line was its own upsert (one
 * insert may not name a row twice on PostgreSQL).
 */
function loadStatements(db: Db, ranges: readonly IpRange[]): CompiledQuery[] {
  const rows = [...new Map(ranges.map((r) => [r.start, r])).values()].map((r) => ({
    range_start: r.start,
    range_end: r.end,
    country: r.country,
  }));
  const inserts: CompiledQuery[] = [];
  for (let i = 0; i < rows.length; i += RANGES_PER_INSERT) {
    inserts.push(
      db.kysely
        .insertInto('ip_country_ranges')
        .values(rows.slice(i, i + RANGES_PER_INSERT))
        .compile(),
    );
  }
  return [
    setSettingStatement(db, LOADED_AT_SETTING, String(Date.now())),
    db.kysely.deleteFrom('ip_country_ranges').compile(),
    ...inserts,
  ];
}

/**
 * The country of an address, '' when unknown (asynchronous store: asked by every live call, decision 0410), kept
 * per address until the table is loaded again (decision 0418; a load moves the settings' version): a viewer's
 * calls ask it once. At most 10,000 addresses are kept.
 */
export async function countryOf(db: Db, ip: string): Promise<string> {
  const n = ipv4ToNumber(ip);
  return n === undefined ? '' : keptCountryOf(db, n);
}

const keptCountryOf = keptRead('settings', 10_000, async (db: Db, n: number): Promise<string> => {
  const row = await db.kysely
    .selectFrom('ip_country_ranges')
    .select(['range_end', 'country'])
    .where('range_start', '<=', n)
    .orderBy('range_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && row.range_end >= n ? row.country : '';
});

const checked = new Map<string, number>();

/**
 * Loads `<dataDir>/ip-country.csv` when it is new or changed since the last load (its mtime is remembered in
 * the settings, so a restart does not reload). Checked at most every 10 s per data folder. On the asynchronous
 * store (decision 0447): a viewer's call that finds the file changed loads it without stopping the process.
 */
export async function syncIpCountryFile(db: Db, dataDir: string, now: number): Promise<void> {
  const last = checked.get(dataDir);
  if (last !== undefined && now - last < 10_000 && now >= last) return;
  // Before any await: the calls that arrive while it loads do not load it again.
  checked.set(dataDir, now);
  const file = join(dataDir, IP_COUNTRY_FILE);
  if (!existsSync(file)) return;
  const mtime = String(statSync(file).mtimeMs);
  if ((await settingsNow(db)).get(FILE_MTIME_SETTING) === mtime) return;
  const ranges = parseIpCountryCsv(readFileSync(file, 'utf8'));
  await atomically(db, [...loadStatements(db, ranges), setSettingStatement(db, FILE_MTIME_SETTING, mtime)]);
}
