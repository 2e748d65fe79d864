import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import {
  countryOf,
  ipv4ToNumber,
  loadIpCountryTable,
  parseIpCountryCsv,
  syncIpCountryFile,
} from './ipCountry.ts';

describe('IP-to-country table', () => {
  it('parses ranges and CIDR blocks, skipping comments and a header', () => {
    const ranges = parseIpCountryCsv('first,last,country\n# test\n1.0.0.0,1.0.0.255,au\n\n10.0.0.0/8,BR\n');
    expect(ranges).toEqual([
      { start: ipv4ToNumber('1.0.0.0'), end: ipv4ToNumber('1.0.0.255'), country: 'AU' },
      { start: ipv4ToNumber('10.0.0.0'), end: ipv4ToNumber('10.255.255.255'), country: 'BR' },
    ]);
  });

  it('names the line of a malformed entry', () => {
    expect(() => parseIpCountryCsv('1.0.0.0,1.0.0.255,AU\n1.2.3,XX\n')).toThrow(/line 2/);
  });

  it('looks addresses up, unknown ones and IPv6 give an empty region', async () => {
    const db = openDb(':memory:');
    migrate(db);
    await loadIpCountryTable(db, parseIpCountryCsv('10.0.0.0/8,BR\n192.168.0.0,192.168.0.255,MX\n'));
    expect(await countryOf(db, '10.20.30.40')).toBe('BR');
    expect(await countryOf(db, '::ffff:192.168.0.7')).toBe('MX');
    expect(await countryOf(db, '192.168.1.1')).toBe('');
    expect(await countryOf(db, '::1')).toBe('');
    db.close();
  });

  it('loads <dataDir>/ip-country.csv, and again only when the file changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ottkit-ip-'));
    const db = openDb(':memory:');
    migrate(db);
    const file = join(dir, 'ip-country.csv');
    writeFileSync(file, '127.0.0.0/8,PT\n');
    await syncIpCountryFile(db, dir, 1_000_000);
    expect(await countryOf(db, '127.0.0.1')).toBe('PT');
    writeFileSync(file, '127.0.0.0/8,ES\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await syncIpCountryFile(db, dir, 1_000_001);
    expect(await countryOf(db, '127.0.0.1')).toBe('PT'); // checked at most every 10 s
    await syncIpCountryFile(db, dir, 1_020_000);
    expect(await countryOf(db, '127.0.0.1')).toBe('ES');
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what it looked up until the table is loaded again, in this process or another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ottkit-ip-kept-'));
    const one = openDb(join(dir, 'ottkit.db'));
    migrate(one);
    const other = openDb(join(dir, 'ottkit.db'));
    try {
      await loadIpCountryTable(one, parseIpCountryCsv('10.0.0.0/8,BR\n'));
      expect(await countryOf(other, '10.1.1.1')).toBe('BR');
      // A row changed without a load is not asked again: the answer is kept.
      one.run("UPDATE ip_country_ranges SET country = 'XX'");
      expect(await countryOf(other, '10.1.1.1')).toBe('BR');
      await loadIpCountryTable(one, parseIpCountryCsv('10.0.0.0/8,PT\n'));
      expect(await countryOf(other, '10.1.1.1')).toBe('PT');
      expect(await countryOf(one, '10.1.1.1')).toBe('PT');
    } finally {
      other.close();
      one.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
