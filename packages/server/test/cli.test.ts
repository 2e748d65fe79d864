// Test run: about 2 s on SQLite, 10 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cliRun.ts';
import { readSettings } from '../src/domain/appConfig.ts';
import { openDb } from '../src/store/db.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ottkit-cli-'));
  process.env.OTTKIT_SECRET = 'cli-test-secret-0123456789abcdef01234567';
});
afterAll(async () => {
  delete process.env.OTTKIT_SECRET;
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs a CLI command in-process and returns its exit code and printed lines. */
const run = (...argv: string[]) => runCli([...argv, '--data', dataDir]);

describe('operator CLI', () => {
  it('lists plans', async () => {
    const { code, lines } = await run('plans');
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/plan-monthly +Monthly +9\.99 USD/);
  });

  it('creates a batch of 16-digit recharge codes and reports its use', async () => {
    const created = await run('recharge-codes', 'create', '--plan', 'plan-monthly', '--count', '3');
    expect(created.code).toBe(0);
    expect(created.lines.slice(1)).toHaveLength(3);
    for (const c of created.lines.slice(1)) expect(c).toMatch(/^\d{16}$/);
    const listed = await run('recharge-codes', 'list');
    expect(listed.lines.some((l) => /plan-monthly 0\/3 redeemed/.test(l))).toBe(true);
    await expect(run('recharge-codes', 'create', '--plan', 'nope')).rejects.toThrow(/No plan nope/);
    await expect(run('recharge-codes', 'create', '--plan', 'plan-monthly', '--count', '0')).rejects.toThrow(
      /At least 1 code/,
    );
  });

  it('voids one code, then the rest of its batch, with the console’s domain code (decision 0240)', async () => {
    const created = await run('recharge-codes', 'create', '--plan', 'plan-monthly', '--count', '2');
    const batch = /batch (batch-[0-9a-f]+)/.exec(created.lines[0] ?? '')?.[1] as string;
    const one = await run('recharge-codes', 'void', '--batch', batch, '--code', created.lines[1] as string);
    expect(one.lines).toEqual([`1 codes of ${batch} voided`]);
    expect((await run('recharge-codes', 'void', '--batch', batch)).lines).toEqual([
      `1 codes of ${batch} voided`,
    ]);
    await expect(run('recharge-codes', 'void', '--batch', 'batch-none')).rejects.toThrow(
      /No batch batch-none/,
    );
  });

  it('sets, gets and validates app configuration', async () => {
    expect((await run('config', 'set', 'businessType', 'vod')).code).toBe(0);
    expect((await run('config', 'get', 'businessType')).lines).toEqual(['vod']);
    await expect(run('config', 'set', 'businessType', 'radio')).rejects.toThrow(/Invalid value/);
    const db = openDb(join(dataDir, 'ottkit.db'));
    expect(readSettings(db).businessType).toBe('vod');
    db.close();
  });

  it('prints the outbox', async () => {
    const { code, lines } = await run('outbox');
    expect(code).toBe(0);
    expect(lines).toEqual(['The outbox is empty.']);
  });

  it('moves the broadcast opening and loads the IP-to-country table (commands that had their own main)', async () => {
    const opened = await run('broadcast', 'lc-001', '2030-01-02T03:04:05Z');
    expect(opened).toEqual({ code: 0, lines: ['lc-001 opens at 2030-01-02T03:04:05.000Z'] });
    await expect(run('broadcast', 'nope', '2030-01-02T03:04:05Z')).rejects.toThrow(/no channel nope/);
    const csv = join(dataDir, 'ip.csv');
    await writeFile(csv, '10.0.0.0,10.0.0.255,BR\n');
    expect((await run('ip-country', 'load', csv)).lines).toEqual([
      `ip-country: 1 ranges loaded into ${dataDir}`,
    ]);
  });

  it('answers a wrong call with the usage of the command and exit 2', async () => {
    const { code, lines } = await run('broadcast');
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(
      /^Usage: ottkit-server \[--data DIR\]\n {2}broadcast LOGICAL_CHANNEL_ID/,
    );
  });

  it('writes the search index again from the catalogue, audited (decision 0435)', async () => {
    const db = openDb(join(dataDir, 'ottkit.db'));
    const rows = () => Number(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM vod_search')?.n);
    const before = rows();
    expect(before).toBeGreaterThan(0);
    // As a VACUUM run by hand could leave it: rows that no longer match their titles.
    db.run('DELETE FROM vod_search');
    expect(rows()).toBe(0);
    const { code, lines } = await run('search', 'rebuild');
    expect(code).toBe(0);
    expect(lines).toEqual([`The search index holds ${before} films and series again.`]);
    expect(rows()).toBe(before);
    const audited = db.get<{ action: string }>(
      "SELECT action FROM operator_audit WHERE action = 'cli.search.rebuild'",
    );
    db.close();
    expect(audited?.action).toBe('cli.search.rebuild');
    expect((await run('search', 'nope')).code).toBe(2);
  });

  it('prints usage for an unknown command', async () => {
    expect((await run('frobnicate')).code).toBe(2);
  });
});
